import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

/*
 * A storefront on another origin calls the platform straight from the browser: it signs in with the
 * password grant and lists products with the bearer token. Both calls are cross-origin (the token
 * call a simple form POST, the list a preflighted GET with Authorization), so the page only gets
 * data when the platform answers preflights and sends Access-Control-Allow-Origin.
 */

/** The storefront page: its script writes the first product names, or what went wrong, into the page. */
function storefrontPage(platformUrl: string): string {
  const script = `
    const platform = ${JSON.stringify(platformUrl)};
    const status = document.getElementById('status');
    (async () => {
      const form = new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: 'Demo-Admin-1',
        client_id: 'demo-sandbox-admin',
        scope: 'FullAccess',
      });
      const token = await fetch(platform + '/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      }).then((response) => response.json());
      const products = await fetch(platform + '/v1/products?pageSize=5&sortBy=Name', {
        headers: { Authorization: 'Bearer ' + token.access_token },
      });
      const list = document.getElementById('products');
      for (const product of (await products.json()).Items) {
        const item = document.createElement('li');
        item.textContent = product.Name;
        list.append(item);
      }
      status.textContent = 'Loaded ' + products.headers.get('x-request-id');
    })().catch((error) => {
      status.textContent = 'Failed: ' + error;
    });
  `;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storefront</title></head>
<body><h1>Storefront</h1><p id="status">Loading</p><ul id="products" aria-label="Products"></ul>
<script>${script}</script></body></html>`;
}

let storefront: http.Server;
let storefrontUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const page = storefrontPage(`${baseURL}/platform`);
  storefront = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  storefrontUrl = `http://127.0.0.1:${(storefront.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => storefront?.close(resolve));
});

test('a storefront on another origin signs in to the platform and lists products', async ({
  page,
  request,
  baseURL,
}) => {
  expect(new URL(storefrontUrl).origin).not.toBe(new URL(baseURL ?? '').origin);

  // The names the platform itself answers, to compare with what the page shows.
  const token = await request.post(`${baseURL}/platform/oauth/token`, {
    form: { grant_type: 'password', username: 'admin', password: 'Demo-Admin-1', client_id: 'demo-sandbox-admin' },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const listed = await request.get(`${baseURL}/platform/v1/products?pageSize=5&sortBy=Name`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const names = ((await listed.json()) as { Items: { Name: string }[] }).Items.map((product) => product.Name);
  expect(names.length).toBeGreaterThan(0);

  await page.goto(storefrontUrl);
  // The request id header is exposed to the page's script too.
  await expect(page.locator('#status')).toHaveText(/^Loaded [0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveText(names);
});
