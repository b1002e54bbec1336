import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentPart } from './part.ts';
import { PRODUCT_IMAGE_MAX_AGE_SECONDS, productImage } from './product-images.ts';

describe('productImage', () => {
  it('draws the type letters on the named colour', () => {
    const image = productImage('tent-forest-green.svg');
    expect(image?.svg).toContain('>TENT</text>');
    expect(image?.svg).toContain('fill="#22543d"');
    // Dark ink on a light colour, light ink on a dark one.
    expect(productImage('sock-sand.svg')?.svg).toContain('fill="#1a202c">SOCK');
    expect(productImage('sock-navy.svg')?.svg).toContain('fill="#ffffff">SOCK');
  });

  it('draws the same picture for the same name, and another colour for another unnamed colour', () => {
    expect(productImage('knif-teal.svg')).toEqual(productImage('knif-teal.svg'));
    expect(productImage('knif.svg')?.svg).toContain('>KNIF<');
  });

  it('refuses names outside its pattern, so nothing but letters and digits reaches the markup', () => {
    for (const name of [
      'TENT.svg',
      'tent.png',
      '../secret.svg',
      'a"b.svg',
      'tent-<x>.svg',
      `${'a'.repeat(13)}.svg`,
      '.svg',
    ]) {
      expect(productImage(name), name).toBeNull();
    }
  });
});

describe('GET /content/images/products/:file', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.decorate('config', loadConfig({ CONTENT_TOKEN: 'token' }));
    await app.register(contentPart.plugin, { prefix: contentPart.prefix });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves an SVG that browsers may keep for a day, without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/content/images/products/tent-forest-green.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe(`public, max-age=${PRODUCT_IMAGE_MAX_AGE_SECONDS}`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(response.body.startsWith('<svg ')).toBe(true);
  });

  it('answers 304 to a request carrying the current ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/content/images/products/boot-red.svg' });
    const again = await app.inject({
      method: 'GET',
      url: '/content/images/products/boot-red.svg',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a name it does not draw', async () => {
    const response = await app.inject({ method: 'GET', url: '/content/images/products/Boot%20Red.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
