import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDescriptionCache, DESCRIPTION_DB_NAME, loadDescription, type FetchJson } from './description-cache';
import { DescriptionError } from './description-error';
import { fixtureDocument } from './test-fixtures';

const BASE = 'http://platform.test/platform';
const OTHER = 'http://other.test/platform';

/** A fake platform: `/env` reports `build`, the description endpoint serves `document` (or the build's fixture). */
function platform(build: string, document: unknown = fixtureDocument(build)) {
  const calls: string[] = [];
  const fetchJson: FetchJson = vi.fn(async (url: string) => {
    calls.push(url);
    if (url.endsWith('/env')) return { BuildNumber: build, Environment: 'test' };
    if (url.endsWith('/v1/openapi/v3')) return structuredClone(document);
    throw new Error(`unexpected ${url}`);
  });
  return { fetchJson, calls, descriptionFetches: () => calls.filter((url) => url.endsWith('/openapi/v3')).length };
}

/** Every stored [baseUrl, version] key, sorted, read straight from the database. */
async function storedKeys(factory: IDBFactory): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(DESCRIPTION_DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
    const request = db.transaction('descriptions').objectStore('descriptions').getAllKeys();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return keys.map((key) => (key as string[]).join(' @ ')).sort();
}

async function putRaw(factory: IDBFactory, entry: unknown): Promise<void> {
  // Create the schema through the module first, then overwrite an entry by hand.
  await loadDescription({ baseUrl: OTHER, fetchJson: platform('9.9.9.9').fetchJson, indexedDB: factory });
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = factory.open(DESCRIPTION_DB_NAME);
    request.onsuccess = () => resolve(request.result);
  });
  await new Promise<void>((resolve) => {
    const transaction = db.transaction('descriptions', 'readwrite');
    transaction.objectStore('descriptions').put(entry);
    transaction.oncomplete = () => resolve();
  });
  db.close();
}

let factory: IDBFactory;
beforeEach(() => {
  factory = new IDBFactory();
});

describe('loadDescription', () => {
  it('fetches on a miss, stores the document and serves it from the cache next time', async () => {
    const first = platform('1.0.0.1');
    const loaded = await loadDescription({ baseUrl: BASE, fetchJson: first.fetchJson, indexedDB: factory });
    expect(loaded).toMatchObject({ version: '1.0.0.1', source: 'network' });
    expect(first.calls).toEqual([`${BASE}/env`, `${BASE}/v1/openapi/v3`]);

    const second = platform('1.0.0.1');
    const cached = await loadDescription({ baseUrl: BASE, fetchJson: second.fetchJson, indexedDB: factory });
    expect(cached).toMatchObject({ version: '1.0.0.1', source: 'cache' });
    expect(cached.document).toEqual(fixtureDocument('1.0.0.1'));
    expect(second.calls).toEqual([`${BASE}/env`]);
  });

  it('refetches when /env reports a new build and clears the old version', async () => {
    await loadDescription({ baseUrl: BASE, fetchJson: platform('1.0.0.1').fetchJson, indexedDB: factory });
    const next = platform('1.0.0.2');
    const loaded = await loadDescription({ baseUrl: BASE, fetchJson: next.fetchJson, indexedDB: factory });
    expect(loaded).toMatchObject({ version: '1.0.0.2', source: 'network' });
    expect(next.descriptionFetches()).toBe(1);
    expect(await storedKeys(factory)).toEqual([`${BASE} @ 1.0.0.2`]);
  });

  it('leaves the cached versions of other base URLs alone', async () => {
    await loadDescription({ baseUrl: OTHER, fetchJson: platform('5.0.0.1').fetchJson, indexedDB: factory });
    await loadDescription({ baseUrl: BASE, fetchJson: platform('1.0.0.1').fetchJson, indexedDB: factory });
    await loadDescription({ baseUrl: BASE, fetchJson: platform('1.0.0.2').fetchJson, indexedDB: factory });
    expect(await storedKeys(factory)).toEqual([`${OTHER} @ 5.0.0.1`, `${BASE} @ 1.0.0.2`]);

    const other = platform('5.0.0.1');
    expect(await loadDescription({ baseUrl: OTHER, fetchJson: other.fetchJson, indexedDB: factory })).toMatchObject({
      source: 'cache',
    });
  });

  it('treats a trailing slash on the base URL as the same platform', async () => {
    await loadDescription({ baseUrl: `${BASE}/`, fetchJson: platform('1.0.0.1').fetchJson, indexedDB: factory });
    const again = platform('1.0.0.1');
    await loadDescription({ baseUrl: BASE, fetchJson: again.fetchJson, indexedDB: factory });
    expect(again.calls).toEqual([`${BASE}/env`]);
  });

  it('ignores a corrupt cache entry, refetches and replaces it', async () => {
    await putRaw(factory, { baseUrl: BASE, version: '1.0.0.1', storedAt: 'x', document: { broken: true } });
    const next = platform('1.0.0.1');
    const loaded = await loadDescription({ baseUrl: BASE, fetchJson: next.fetchJson, indexedDB: factory });
    expect(loaded.source).toBe('network');

    const again = platform('1.0.0.1');
    expect((await loadDescription({ baseUrl: BASE, fetchJson: again.fetchJson, indexedDB: factory })).source).toBe(
      'cache',
    );
  });

  it('ignores an entry whose document carries another version than its key', async () => {
    await putRaw(factory, { baseUrl: BASE, version: '1.0.0.1', storedAt: 'x', document: fixtureDocument('1.0.0.0') });
    const next = platform('1.0.0.1');
    expect((await loadDescription({ baseUrl: BASE, fetchJson: next.fetchJson, indexedDB: factory })).source).toBe(
      'network',
    );
  });

  it('rejects a description whose version is not four dot-separated numbers, and caches nothing', async () => {
    const bad = platform('1.0.0', fixtureDocument('1.0.0'));
    await expect(loadDescription({ baseUrl: BASE, fetchJson: bad.fetchJson, indexedDB: factory })).rejects.toThrow(
      'The API description of http://platform.test/platform has version "1.0.0"; expected four dot-separated numbers such as 1.0.445.36017.',
    );
    expect(await storedKeys(factory)).toEqual([]);
  });

  it('rejects an answer that is not an OpenAPI document', async () => {
    const bad = platform('1.0.0.1', '<html>maintenance</html>');
    await expect(loadDescription({ baseUrl: BASE, fetchJson: bad.fetchJson, indexedDB: factory })).rejects.toThrow(
      DescriptionError,
    );
  });

  it('stores under the document version when /env disagrees, so the next load fetches again', async () => {
    const midDeploy = platform('1.0.0.2', fixtureDocument('1.0.0.1'));
    expect(await loadDescription({ baseUrl: BASE, fetchJson: midDeploy.fetchJson, indexedDB: factory })).toMatchObject({
      version: '1.0.0.1',
      source: 'network',
    });
    expect(await storedKeys(factory)).toEqual([`${BASE} @ 1.0.0.1`]);
  });

  it('fetches the description when /env has no BuildNumber', async () => {
    const fetchJson: FetchJson = async (url) => (url.endsWith('/env') ? {} : fixtureDocument('1.0.0.1'));
    await loadDescription({ baseUrl: BASE, fetchJson, indexedDB: factory });
    expect((await loadDescription({ baseUrl: BASE, fetchJson, indexedDB: factory })).source).toBe('network');
  });

  it('passes on a failing /env', async () => {
    const fetchJson: FetchJson = async () => {
      throw new Error('offline');
    };
    await expect(loadDescription({ baseUrl: BASE, fetchJson, indexedDB: factory })).rejects.toThrow('offline');
  });

  it('still works without IndexedDB, or when it cannot be opened', async () => {
    const none = platform('1.0.0.1');
    expect((await loadDescription({ baseUrl: BASE, fetchJson: none.fetchJson })).source).toBe('network');

    const broken = {
      open: () => {
        throw new Error('SecurityError');
      },
    } as unknown as IDBFactory;
    const again = platform('1.0.0.1');
    expect((await loadDescription({ baseUrl: BASE, fetchJson: again.fetchJson, indexedDB: broken })).source).toBe(
      'network',
    );
  });
});

describe('clearDescriptionCache', () => {
  it('removes every cached description', async () => {
    await loadDescription({ baseUrl: BASE, fetchJson: platform('1.0.0.1').fetchJson, indexedDB: factory });
    await clearDescriptionCache(factory);
    expect(await storedKeys(factory)).toEqual([]);
  });

  it('does nothing without IndexedDB', async () => {
    await expect(clearDescriptionCache(undefined)).resolves.toBeUndefined();
  });
});
