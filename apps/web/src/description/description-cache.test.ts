import { prepareDescription, type PreparedDescriptionRef } from '@portal/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearDescriptionCache,
  DESCRIPTION_DB_NAME,
  loadDescription,
  openDescriptionCache,
  type FetchText,
} from './description-cache';
import { DescriptionError } from './description-error';
import { fixtureDocument } from './test-fixtures';

const KEY = '0123456789abcdef';
const OTHER = 'fedcba9876543210';

const refOf = (version: string, key = KEY): PreparedDescriptionRef => ({
  Key: key,
  BuildNumber: version,
  Url: `/portal-api/descriptions/${key}/${version}.json`,
});

/** The portal service: each URL answers the prepared fixture of its build (or `body` when given). */
function service(body?: string) {
  const calls: string[] = [];
  const fetchText: FetchText = async (url) => {
    calls.push(url);
    const version = /\/([^/]+)\.json$/.exec(url)?.[1] ?? '';
    return body ?? JSON.stringify(prepareDescription(fixtureDocument(version)));
  };
  return { fetchText, calls };
}

/** Every stored [key, version] pair, sorted, read straight from the database. */
async function storedKeys(factory: IDBFactory): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(DESCRIPTION_DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
    const request = db.transaction('prepared').objectStore('prepared').getAllKeys();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return keys.map((key) => (key as string[]).join(' @ ')).sort();
}

async function putRaw(factory: IDBFactory, entry: unknown): Promise<void> {
  const db = await openDescriptionCache(factory);
  await new Promise<void>((resolve) => {
    const transaction = db!.transaction('prepared', 'readwrite');
    transaction.objectStore('prepared').put(entry);
    transaction.oncomplete = () => resolve();
  });
  db!.close();
}

let factory: IDBFactory;
const load = (ref: PreparedDescriptionRef, fetchText: FetchText, from: IDBFactory | undefined = factory) =>
  loadDescription({ ref, fetchText, database: openDescriptionCache(from) });

beforeEach(() => {
  factory = new IDBFactory();
});

describe('loadDescription', () => {
  it('fetches on a miss, stores the text and serves it from the cache next time, with no request', async () => {
    const first = service();
    expect(await load(refOf('1.0.0.1'), first.fetchText)).toMatchObject({ version: '1.0.0.1', source: 'network' });
    expect(first.calls).toEqual(['/portal-api/descriptions/0123456789abcdef/1.0.0.1.json']);

    const second = service();
    const cached = await load(refOf('1.0.0.1'), second.fetchText);
    expect(cached).toMatchObject({ version: '1.0.0.1', source: 'cache' });
    expect(cached.document).toEqual(prepareDescription(fixtureDocument('1.0.0.1')));
    expect(second.calls).toEqual([]);
  });

  it('fetches without reading the cache when told it cannot hold the build, and stores the text all the same', async () => {
    await load(refOf('1.0.0.1'), service().fetchText);
    const first = service();
    const fetched = await loadDescription({
      ref: refOf('1.0.0.1'),
      fetchText: first.fetchText,
      database: openDescriptionCache(factory),
      readCache: false,
    });
    expect(fetched.source).toBe('network');
    expect(first.calls).toHaveLength(1);
    const second = service();
    expect((await load(refOf('1.0.0.1'), second.fetchText)).source).toBe('cache');
    expect(second.calls).toEqual([]);
  });

  it('fetches a new build and clears the old one of the same marketplace API', async () => {
    await load(refOf('1.0.0.1'), service().fetchText);
    const next = service();
    expect(await load(refOf('1.0.0.2'), next.fetchText)).toMatchObject({ version: '1.0.0.2', source: 'network' });
    expect(next.calls).toHaveLength(1);
    expect(await storedKeys(factory)).toEqual([`${KEY} @ 1.0.0.2`]);
  });

  it("leaves other marketplace APIs' builds alone", async () => {
    await load(refOf('5.0.0.1', OTHER), service().fetchText);
    await load(refOf('1.0.0.1'), service().fetchText);
    await load(refOf('1.0.0.2'), service().fetchText);
    expect(await storedKeys(factory)).toEqual([`${KEY} @ 1.0.0.2`, `${OTHER} @ 5.0.0.1`]);
    expect((await load(refOf('5.0.0.1', OTHER), service().fetchText)).source).toBe('cache');
  });

  it('ignores a corrupt entry or one of another version, refetches and replaces it', async () => {
    await putRaw(factory, { key: KEY, version: '1.0.0.1', storedAt: 'x', text: '{"broken":' });
    expect((await load(refOf('1.0.0.1'), service().fetchText)).source).toBe('network');
    expect((await load(refOf('1.0.0.1'), service().fetchText)).source).toBe('cache');

    const otherVersion = JSON.stringify(prepareDescription(fixtureDocument('1.0.0.0')));
    await putRaw(factory, { key: KEY, version: '1.0.0.3', storedAt: 'x', text: otherVersion });
    expect((await load(refOf('1.0.0.3'), service().fetchText)).source).toBe('network');
  });

  it('rejects an answer that is not the description of the build asked for, and caches nothing', async () => {
    await expect(load(refOf('1.0.0.1'), service('<html>maintenance</html>').fetchText)).rejects.toThrow(
      DescriptionError,
    );
    const wrongBuild = JSON.stringify(prepareDescription(fixtureDocument('1.0.0.9')));
    await expect(load(refOf('1.0.0.1'), service(wrongBuild).fetchText)).rejects.toThrow(DescriptionError);
    expect(await storedKeys(factory)).toEqual([]);
  });

  it('rejects a build number that is not four dot-separated numbers', async () => {
    await expect(load(refOf('1.0.0'), service().fetchText)).rejects.toThrow(
      'has version "1.0.0"; expected four dot-separated numbers such as 1.0.445.36017.',
    );
  });

  it('passes on a failing fetch', async () => {
    const failing: FetchText = async () => {
      throw new Error('offline');
    };
    await expect(load(refOf('1.0.0.1'), failing)).rejects.toThrow('offline');
  });

  it('still works without IndexedDB, or when it cannot be opened', async () => {
    expect((await loadDescription({ ref: refOf('1.0.0.1'), fetchText: service().fetchText })).source).toBe('network');
    const broken = {
      open: () => {
        throw new Error('SecurityError');
      },
    } as unknown as IDBFactory;
    expect((await load(refOf('1.0.0.1'), service().fetchText, broken)).source).toBe('network');
  });

  it('drops the cache of raw documents an older version of the portal kept', async () => {
    await new Promise<void>((resolve) => {
      const request = factory.open(DESCRIPTION_DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('descriptions');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    expect((await load(refOf('1.0.0.1'), service().fetchText)).source).toBe('network');
    expect(await storedKeys(factory)).toEqual([`${KEY} @ 1.0.0.1`]);
  });
});

describe('clearDescriptionCache', () => {
  it('removes every cached description', async () => {
    await load(refOf('1.0.0.1'), service().fetchText);
    await clearDescriptionCache(factory);
    expect(await storedKeys(factory)).toEqual([]);
  });

  it('does nothing without IndexedDB', async () => {
    await expect(clearDescriptionCache(undefined)).resolves.toBeUndefined();
  });
});
