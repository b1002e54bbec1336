import { prepareDescription } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { Problem } from '../problems.ts';
import { rawDescription } from './test-description.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  buildNumberOf,
  createPreparedDescriptions,
  descriptionKey,
  type FetchPublicJson,
} from './prepared-descriptions.ts';

const API = 'https://api.example.test/platform';

/** A marketplace API serving `/env` and its description for the build in `current.build`. */
function fakeApi(current: { build: string; served?: string }) {
  const calls: string[] = [];
  const fetchJson: FetchPublicJson = async (url) => {
    calls.push(url);
    if (url === `${API}/env`) return { BuildNumber: current.build };
    if (url === `${API}/v1/openapi/v3`) return rawDescription(current.served ?? current.build, `Name${current.build}`);
    throw new Problem(404, url);
  };
  return { fetchJson, calls };
}

describe('prepared descriptions', () => {
  it('serves the dereferenced, trimmed description, the same the web app computed from the raw one', async () => {
    const api = fakeApi({ build: '1.0.0.1' });
    const prepared = await createPreparedDescriptions().get(API, '1.0.0.1', api.fetchJson);
    const body = JSON.parse(prepared.json.toString()) as ReturnType<typeof rawDescription>;
    expect(body).toEqual(prepareDescription(rawDescription('1.0.0.1', 'Name1.0.0.1')));
    // Dereferenced: the list's item schema is the Thing schema itself, named.
    const list = body.paths['/things'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.Items.items).toMatchObject({ 'x-schema-name': 'Thing', properties: { ID: {} } });
    // Trimmed: what the portal never reads is gone.
    expect(body).not.toHaveProperty('servers');
    expect(body.components).not.toHaveProperty('securitySchemes');
    expect(Object.keys(body.paths['/things'].get.responses)).toEqual(['200']);
    expect(body.paths['/things'].get.responses['200']).not.toHaveProperty('headers');
    // Compressed once, to the same bytes.
    expect(brotliDecompressSync(prepared.br)).toEqual(prepared.json);
    expect(gunzipSync(await prepared.gzip())).toEqual(prepared.json);
  });

  it('prepares each build once, concurrent calls sharing it, and a second build number as a new entry', async () => {
    const current = { build: '1.0.0.1' };
    const api = fakeApi(current);
    const store = createPreparedDescriptions();
    const [first, again] = await Promise.all([
      store.get(API, '1.0.0.1', api.fetchJson),
      store.get(`${API}/`, '1.0.0.1', api.fetchJson),
    ]);
    expect(again).toBe(first);
    expect(api.calls).toEqual([`${API}/v1/openapi/v3`]);

    current.build = '1.0.0.2';
    const second = await store.get(API, '1.0.0.2', api.fetchJson);
    expect(second.buildNumber).toBe('1.0.0.2');
    expect(second.json.toString()).toContain('Name1.0.0.2');
    expect(await store.get(API, '1.0.0.1', api.fetchJson)).toBe(first);
    expect(api.calls).toHaveLength(2);
  });

  it('refuses (502) and keeps nothing when the description is another build than asked for', async () => {
    const current = { build: '1.0.0.2', served: '1.0.0.1' };
    const api = fakeApi(current);
    const store = createPreparedDescriptions();
    await expect(store.get(API, '1.0.0.2', api.fetchJson)).rejects.toMatchObject({ status: 502 });
    current.served = '1.0.0.2';
    await expect(store.get(API, '1.0.0.2', api.fetchJson)).resolves.toMatchObject({ buildNumber: '1.0.0.2' });
  });

  it('refuses (502) a description whose references point at nothing', async () => {
    const broken: FetchPublicJson = async () => ({
      ...rawDescription('1.0.0.1'),
      paths: { '/x': { get: { operationId: 'X.Get', responses: { '200': { $ref: '#/components/responses/Nope' } } } } },
    });
    await expect(createPreparedDescriptions().get(API, '1.0.0.1', broken)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('#/components/responses/Nope'),
    });
  });

  it('drops the least recently used build past its size', async () => {
    const current = { build: '1' };
    const api = fakeApi(current);
    const store = createPreparedDescriptions(2);
    for (const build of ['1', '2', '3']) {
      current.build = build;
      await store.get(API, build, api.fetchJson);
    }
    current.build = '1';
    await store.get(API, '1', api.fetchJson);
    expect(api.calls).toHaveLength(4);
  });

  it('keys a marketplace API by a hash of its address, a trailing slash ignored', () => {
    expect(descriptionKey(API)).toMatch(/^[0-9a-f]{16}$/);
    expect(descriptionKey(`${API}/`)).toBe(descriptionKey(API));
    expect(descriptionKey('https://other.example.test/platform')).not.toBe(descriptionKey(API));
  });

  it('reads the build number from /env, a 502 when there is none', async () => {
    expect(await buildNumberOf(fakeApi({ build: '7.0.0.1' }).fetchJson, API)).toBe('7.0.0.1');
    await expect(buildNumberOf(async () => ({ Environment: 'x' }), API)).rejects.toMatchObject({ status: 502 });
  });
});
