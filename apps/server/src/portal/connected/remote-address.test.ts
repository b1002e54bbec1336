import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressKind,
  guardedFetch,
  RemoteAddressError,
  resolveRemoteAddress,
  type Resolver,
} from './remote-address.ts';

/** A resolver answering fixed addresses, as a hostile DNS server could. */
const answering =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<RemoteAddressError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteAddressError);
  return error as RemoteAddressError;
}

describe('address kinds', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(addressKind(address)).toBeUndefined();
  });
});

describe('checking an address', () => {
  it.each([
    ['ftp://api.example.com/v1', 'scheme', /must start with https:\/\/ or http:\/\//],
    ['file:///etc/passwd', 'scheme', /must start with https/],
    ['https://user:pass@api.example.com/v1', 'credentials', /user name or password/],
    ['https://api.example.com/v1#x', 'fragment', /# part/],
    ['api.example.com/v1', 'url', /not a web address/],
  ])('refuses %s (%s)', async (text, reason, message) => {
    const error = await refusal(resolveRemoteAddress(text, 'all', answering('8.8.8.8')));
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['http://127.0.0.1:4000/', /loopback address/],
    ['http://[::1]/', /loopback address/],
    ['http://[::ffff:127.0.0.1]/', /loopback address/],
    ['http://10.0.0.5/', /private network address/],
    ['http://[::ffff:10.0.0.5]/', /private network address/],
    ['http://169.254.169.254/latest/meta-data', /link-local address/],
    ['http://[fe80::1]/', /link-local address/],
    ['http://[fd00::1]/', /unique-local/],
    ['http://224.0.0.1/', /multicast address/],
    ['http://0.0.0.0/', /unspecified address/],
    ['http://[::]/', /unspecified address/],
  ])('refuses %s when no private address is allowed', async (text, message) => {
    const error = await refusal(resolveRemoteAddress(text, 'none'));
    expect(error.reason).toBe('blocked');
    expect(error.message).toMatch(message);
  });

  it('refuses a name that resolves to a private address, or to a public and a private one', async () => {
    const inside = await refusal(resolveRemoteAddress('https://api.example.com/v1', 'none', answering('10.0.0.5')));
    expect(inside.message).toBe(
      'api.example.com leads to a private network address, which the portal does not call unless CONNECTED_ALLOW_PRIVATE_ADDRESSES allows it.',
    );
    await refusal(resolveRemoteAddress('https://api.example.com/v1', 'none', answering('8.8.8.8', '127.0.0.1')));
  });

  it('says when a name is not found', async () => {
    const error = await refusal(resolveRemoteAddress('https://nowhere.invalid/v1', 'none', answering()));
    expect(error.reason).toBe('dns');
    expect(error.message).toBe('The host name nowhere.invalid was not found.');
  });

  it('lets the policy allow loopback only, or every non-public address but multicast and unspecified', async () => {
    await expect(resolveRemoteAddress('http://127.0.0.1/', 'loopback')).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await refusal(resolveRemoteAddress('http://10.0.0.5/', 'loopback'));
    await expect(resolveRemoteAddress('http://10.0.0.5/', 'all')).resolves.toMatchObject({ address: '10.0.0.5' });
    await refusal(resolveRemoteAddress('http://224.0.0.1/', 'all'));
    await expect(
      resolveRemoteAddress('https://api.example.com/v1', 'none', answering('93.184.215.14')),
    ).resolves.toMatchObject({ address: '93.184.215.14', family: 4 });
  });
});

describe('guarded requests', () => {
  let server: http.Server;
  let other: http.Server;
  let base = '';
  let otherBase = '';

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const path = request.url ?? '/';
      if (path === '/hello') return response.end(JSON.stringify({ host: request.headers.host }));
      if (path === '/same') return response.writeHead(302, { location: '/hello' }).end();
      if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
      if (path === '/away') return response.writeHead(302, { location: `${otherBase}/hello` }).end();
      if (path === '/tls') return response.writeHead(301, { location: `https://127.0.0.1/hello` }).end();
      if (path === '/big') return response.end('x'.repeat(5000));
      if (path === '/slow') return setTimeout(() => response.end('late'), 2000);
      response.writeHead(404).end();
    });
    other = http.createServer((_request, response) => response.end('other'));
    for (const listener of [server, other]) {
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    }
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const listener of [server, other]) {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('connects to the address it checked, whatever the name resolves to later (pinned)', async () => {
    const port = (server.address() as AddressInfo).port;
    const answer = await guardedFetch(`http://marketplace.test:${port}/hello`, {
      policy: 'loopback',
      resolve: answering('127.0.0.1'),
    });
    expect(answer.status).toBe(200);
    // The Host header keeps the name the user typed.
    expect(JSON.parse(answer.body)).toEqual({ host: `marketplace.test:${port}` });
  });

  it('refuses loopback when the policy is none, before connecting', async () => {
    const error = await refusal(guardedFetch(`${base}/hello`, { policy: 'none' }));
    expect(error.reason).toBe('blocked');
  });

  it('follows a redirect on the same origin', async () => {
    const answer = await guardedFetch(`${base}/same`, { policy: 'loopback' });
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${base}/hello`);
  });

  it('refuses a redirect to another origin and endless redirects', async () => {
    const away = await refusal(guardedFetch(`${base}/away`, { policy: 'loopback' }));
    expect(away.reason).toBe('redirect');
    expect(away.message).toMatch(/follows redirects only on the same address/);
    const upgrade = await refusal(guardedFetch(`${base}/tls`, { policy: 'loopback' }));
    expect(upgrade.message).toBe('127.0.0.1 answers on https:// only; write the address so.');
    const loop = await refusal(guardedFetch(`${base}/loop`, { policy: 'loopback', maxRedirects: 2 }));
    expect(loop.message).toMatch(/redirects more than 2 times/);
  });

  it('bounds the answer size and the time', async () => {
    await expect(guardedFetch(`${base}/big`, { policy: 'loopback', maxBytes: 1000 })).rejects.toThrow(
      /answered more than 1000 bytes/,
    );
    await expect(guardedFetch(`${base}/big`, { policy: 'loopback', maxBytes: 10_000 })).resolves.toMatchObject({
      status: 200,
    });
    await expect(guardedFetch(`${base}/slow`, { policy: 'loopback', timeoutMs: 300 })).rejects.toThrow(
      /did not answer in time/,
    );
  });

  it('says when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(guardedFetch(`http://127.0.0.1:${port}/env`, { policy: 'loopback' })).rejects.toThrow(
      `127.0.0.1:${port} refused the connection.`,
    );
  });
});
