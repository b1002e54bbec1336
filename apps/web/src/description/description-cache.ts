import type { PreparedDescriptionRef } from '@portal/contracts';
import { DescriptionError } from './description-error';
import { isDescriptionVersion, isJsonObject, isOpenApiDocument, type OpenApiDocument } from './openapi-types';

// The portal service prepares each marketplace API's description once per build (dereferenced and trimmed, issue 22)
// and serves it at an immutable URL. This cache keeps its text by marketplace API key and build number, so a warm
// load reads it without a request; the text (not the parsed tree) is kept because a string clones in and out of
// IndexedDB at once, where the dereferenced tree would be walked object by object.

/** Name of the IndexedDB database that holds cached API descriptions. */
export const DESCRIPTION_DB_NAME = 'marketplace-portal-descriptions';
/** Version 2 holds prepared descriptions' text; version 1 held raw documents by base URL (dropped on upgrade). */
const DB_VERSION = 2;
const STORE = 'prepared';
const BY_KEY = 'key';

interface CachedDescription {
  key: string;
  version: string;
  storedAt: string;
  text: string;
}

/** Fetches a prepared description's text from its URL (the portal client, with the user's token). */
export type FetchText = (url: string) => Promise<string>;

export interface LoadDescriptionOptions {
  /** Where the session says the marketplace's prepared description is. */
  ref: PreparedDescriptionRef;
  fetchText: FetchText;
  /** The cache, opened early by {@link openDescriptionCache}; without one (or if it fails) nothing is cached. */
  database?: Promise<IDBDatabase | null>;
  /**
   * False when the cache cannot hold this build (the browser never loaded it: a first sign-in, a new deploy): the
   * request then goes out at once rather than after opening and reading IndexedDB (issue 22, the cold path).
   */
  readCache?: boolean;
}

export interface LoadedDescription {
  /** Already dereferenced and trimmed by the portal service. */
  document: OpenApiDocument;
  version: string;
  /** Where the document came from this time. */
  source: 'cache' | 'network';
}

/**
 * Opens the description cache; called as early as possible (before the session is known) so a warm load's read
 * does not wait for the open. Resolves null where IndexedDB is missing or fails.
 *
 * @example
 * const database = openDescriptionCache();
 */
export function openDescriptionCache(
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
): Promise<IDBDatabase | null> {
  return factory ? openQuietly(factory) : Promise.resolve(null);
}

/**
 * Returns the prepared description the session points at: from the cache when it holds that key and build,
 * otherwise from its URL (then stored, and the key's other builds deleted). A cache entry that does not read as
 * that build's description is ignored and replaced. Throws a {@link DescriptionError} when the fetched text is
 * not a description of the build asked for.
 *
 * @example
 * const { document } = await loadDescription({ ref: session.Description, fetchText, database });
 */
export async function loadDescription(options: LoadDescriptionOptions): Promise<LoadedDescription> {
  const { Key: key, BuildNumber: version, Url: url } = options.ref;
  if (!isDescriptionVersion(version)) {
    throw new DescriptionError(
      `The API description at ${url} has version "${version}"; expected four dot-separated numbers such as 1.0.445.36017.`,
    );
  }
  if (options.readCache !== false) {
    const db = options.database ? await options.database : null;
    const cached = db ? await readQuietly(db, key, version) : undefined;
    if (cached) return { document: cached, version, source: 'cache' };
  }
  const text = await options.fetchText(url);
  const document = parseDescription(text, version);
  if (!document) {
    throw new DescriptionError(`${url} did not answer with the OpenAPI 3 description of build ${version}.`);
  }
  // Not waited for: the portal renders while the text is written (a later read of the cache queues behind the write).
  void options.database?.then(
    (db) => db && storeQuietly(db, { key, version, storedAt: new Date().toISOString(), text }),
  );
  return { document, version, source: 'network' };
}

/** The description in `text` when it is one of `version`; null otherwise. */
function parseDescription(text: string, version: string): OpenApiDocument | null {
  try {
    const document: unknown = JSON.parse(text);
    return isOpenApiDocument(document) && document.info.version === version ? document : null;
  } catch {
    return null;
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
      request = factory.open(DESCRIPTION_DB_NAME, DB_VERSION);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name);
      db.createObjectStore(STORE, { keyPath: ['key', 'version'] }).createIndex(BY_KEY, 'key');
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

async function readQuietly(db: IDBDatabase, key: string, version: string): Promise<OpenApiDocument | null> {
  try {
    const entry: unknown = await done(db.transaction(STORE).objectStore(STORE).get([key, version]));
    if (!isJsonObject(entry) || entry.key !== key || entry.version !== version || typeof entry.text !== 'string') {
      return null;
    }
    return parseDescription(entry.text, version);
  } catch {
    return null;
  }
}

async function storeQuietly(db: IDBDatabase, entry: CachedDescription): Promise<void> {
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    // Spec 1 §9: other cached builds of this marketplace API are cleared on update; other APIs keep theirs.
    const keys = await done(store.index(BY_KEY).getAllKeys(entry.key));
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
