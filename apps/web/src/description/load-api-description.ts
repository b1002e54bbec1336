import type { PreparedDescriptionRef } from '@portal/contracts';
import type { ApiDescription } from './api-model';
import { loadDescription, openDescriptionCache, type FetchText } from './description-cache';
import { indexDescription } from './index-description';

let cache: Promise<IDBDatabase | null> | undefined;

/**
 * The description cache, opened once per page. The boot calls it before the session is known, so a warm load's
 * read does not wait for IndexedDB to open.
 *
 * @example
 * warmDescriptionCache();
 */
export function warmDescriptionCache(): Promise<IDBDatabase | null> {
  cache ??= openDescriptionCache();
  return cache;
}

const loads = new Map<string, Promise<ApiDescription>>();

/**
 * Loads (cache or network) and indexes the prepared description a session points at: the whole pipeline. One load
 * per URL for the life of the page (the URL names the build, so its content never changes); a failed load is
 * forgotten, so asking again tries again. `readCache: false` when the browser cannot have it (see loadDescription).
 *
 * @example
 * const api = await loadApiDescription(session.Description, (url) => portal.getText(url));
 */
export function loadApiDescription(
  ref: PreparedDescriptionRef,
  fetchText: FetchText,
  { readCache = true }: { readCache?: boolean } = {},
): Promise<ApiDescription> {
  const known = loads.get(ref.Url);
  if (known) return known;
  const load = loadDescription({ ref, fetchText, database: warmDescriptionCache(), readCache }).then(({ document }) =>
    // Already dereferenced by the portal service: only the index is built here.
    indexDescription(document),
  );
  loads.set(ref.Url, load);
  load.catch(() => {
    if (loads.get(ref.Url) === load) loads.delete(ref.Url);
  });
  return load;
}

/** Drops a loaded description the page no longer needs (a guess at a build the marketplace has left). */
export function forgetApiDescription(url: string): void {
  loads.delete(url);
}
