import { DescriptionError } from './description-error';
import { isDescriptionVersion, isJsonObject, isOpenApiDocument, type OpenApiDocument } from './openapi-types';

// The raw document is cached rather than the dereferenced one: it is plain JSON (what structured clone and
// the validity check handle best), and dereferencing plus indexing take milliseconds once per page load.

/** Name of the IndexedDB database that holds cached API descriptions. */
export const DESCRIPTION_DB_NAME = 'marketplace-portal-descriptions';
const STORE = 'descriptions';
const BY_BASE_URL = 'baseUrl';

interface CachedDescription {
  baseUrl: string;
  version: string;
  storedAt: string;
  document: OpenApiDocument;
}

/** Fetches and parses JSON from an absolute URL (normally the platform client's `getJson`). */
export type FetchJson = (url: string) => Promise<unknown>;

export interface LoadDescriptionOptions {
  /** The marketplace's `CoreApiUrl`, e.g. `http://localhost:4000/platform` (a trailing slash is ignored). */
  baseUrl: string;
  fetchJson: FetchJson;
  /** IndexedDB to use; defaults to the browser's. Without one (or if it fails) nothing is cached. */
  indexedDB?: IDBFactory;
}

export interface LoadedDescription {
  document: OpenApiDocument;
  version: string;
  /** Where the document came from this time. */
  source: 'cache' | 'network';
}

/**
 * Returns the API description of a platform, from the IndexedDB cache when it holds the version `/env`
 * reports as `BuildNumber`, otherwise from `/v1/openapi/v3` (then stored, and the base URL's other
 * versions deleted). A cache entry that does not look like a description is ignored and replaced.
 * Throws a {@link DescriptionError} when the fetched document is not a description with a four-part version.
 *
 * @example
 * const { document } = await loadDescription({ baseUrl: marketplace.CoreApiUrl, fetchJson: platform.getJson });
 */
export async function loadDescription(options: LoadDescriptionOptions): Promise<LoadedDescription> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const factory = options.indexedDB ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB);
  const env = await options.fetchJson(`${baseUrl}/env`);
  const buildNumber = isJsonObject(env) && typeof env.BuildNumber === 'string' ? env.BuildNumber : null;

  const db = factory ? await openQuietly(factory) : null;
  try {
    if (db && buildNumber) {
      const cached = await readQuietly(db, baseUrl, buildNumber);
      if (cached) return { document: cached, version: buildNumber, source: 'cache' };
    }

    const document = await options.fetchJson(`${baseUrl}/v1/openapi/v3`);
    if (!isOpenApiDocument(document)) {
      throw new DescriptionError(`${baseUrl}/v1/openapi/v3 did not answer with an OpenAPI 3 document.`);
    }
    const { version } = document.info;
    if (!isDescriptionVersion(version)) {
      throw new DescriptionError(
        `The API description of ${baseUrl} has version "${version}"; expected four dot-separated numbers such as 1.0.445.36017.`,
      );
    }
    // Keyed by the document's own version: if the platform is mid-deploy and /env disagrees, the next load
    // simply fetches again instead of caching a document under a version it is not.
    if (db) await storeQuietly(db, { baseUrl, version, storedAt: new Date().toISOString(), document });
    return { document, version, source: 'network' };
  } finally {
    db?.close();
  }
}

/**
 * Removes every cached description (for a "reset" action or a sign-out).
 *
 * @example
 * await clearDescriptionCache();
 */
export async function clearDescriptionCache(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  if (!factory) return;
  const db = await openQuietly(factory);
  if (!db) return;
  try {
    await done(db.transaction(STORE, 'readwrite').objectStore(STORE).clear());
  } finally {
    db.close();
  }
}

// INDEXEDDB
// Every failure is swallowed on purpose: private windows, full disks and blocked upgrades must cost the user
// a fetch, never the portal.

function openQuietly(factory: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DESCRIPTION_DB_NAME, 1);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: ['baseUrl', 'version'] });
      store.createIndex(BY_BASE_URL, 'baseUrl');
    };
    request.onsuccess = () => {
      // Another tab upgrading the schema must not wait on this connection.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function readQuietly(db: IDBDatabase, baseUrl: string, version: string): Promise<OpenApiDocument | null> {
  try {
    const entry = await done(db.transaction(STORE).objectStore(STORE).get([baseUrl, version]));
    return isValidEntry(entry, baseUrl, version) ? entry.document : null;
  } catch {
    return null;
  }
}

function isValidEntry(entry: unknown, baseUrl: string, version: string): entry is CachedDescription {
  return (
    isJsonObject(entry) &&
    entry.baseUrl === baseUrl &&
    entry.version === version &&
    isOpenApiDocument(entry.document) &&
    entry.document.info.version === version
  );
}

async function storeQuietly(db: IDBDatabase, entry: CachedDescription): Promise<void> {
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    // Spec 1 §9: other cached versions of this platform are cleared on update; other platforms keep theirs.
    const keys = await done(store.index(BY_BASE_URL).getAllKeys(entry.baseUrl));
    for (const key of keys) {
      if (Array.isArray(key) && key[1] !== entry.version) store.delete(key);
    }
    store.put(entry);
    await completed(transaction);
  } catch {
    // Not cached this time; the next load fetches again.
  }
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

function completed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
  });
}
