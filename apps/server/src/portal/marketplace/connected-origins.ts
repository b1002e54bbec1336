import type { Db } from '../../db/database.ts';
import { connectedMarketplaces } from '../db/schema.ts';

/*
 * The origins of every connected marketplace (issue 21): the browser calls a connected marketplace's API directly,
 * so the web app's Content-Security-Policy (connect-src) must admit them. Read from the database at most every
 * REFRESH_MS, or at once after `connectedOriginsChanged`, so a page's headers cost no query.
 */

const REFRESH_MS = 30_000;

interface OriginCache {
  origins: readonly string[];
  loadedAt: number;
  loading: Promise<readonly string[]> | undefined;
}

const caches = new WeakMap<Db, OriginCache>();

function originOf(apiUrl: string): string | undefined {
  try {
    return new URL(apiUrl).origin;
  } catch {
    return undefined;
  }
}

async function load(db: Db): Promise<readonly string[]> {
  try {
    const rows = await db.selectDistinct({ apiUrl: connectedMarketplaces.apiUrl }).from(connectedMarketplaces);
    const origins = rows.map((row) => originOf(row.apiUrl)).filter((origin): origin is string => origin !== undefined);
    return [...new Set(origins)].sort();
  } catch {
    // No portal tables (a server without the portal part) or a database hiccup: admit nothing extra for now.
    return [];
  }
}

function refresh(db: Db, cache: OriginCache): Promise<readonly string[]> {
  cache.loading ??= load(db).then((origins) => {
    cache.origins = origins;
    cache.loadedAt = Date.now();
    cache.loading = undefined;
    return origins;
  });
  return cache.loading;
}

/**
 * The connected marketplaces' origins: the first call waits for the read, later ones answer the cached list at once
 * and refresh it in the background when it is older than 30 s.
 *
 * @example
 * await registerSecurityHeaders(app, app.config, appliesTo, () => connectedOrigins(app.database.db));
 */
export async function connectedOrigins(db: Db, refreshMs = REFRESH_MS): Promise<readonly string[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { origins: [], loadedAt: 0, loading: undefined };
    caches.set(db, cache);
  }
  if (cache.loadedAt === 0) return refresh(db, cache);
  if (Date.now() - cache.loadedAt > refreshMs) void refresh(db, cache);
  return cache.origins;
}

/** Marks the list stale after a marketplace is connected, moved or disconnected: the next page reads it again. */
export function connectedOriginsChanged(db: Db): void {
  const cache = caches.get(db);
  if (cache) cache.loadedAt = 0;
}

/** Whether an origin is in the cached list (a connected marketplace found by a request but not yet listed). */
export function isKnownOrigin(db: Db, apiUrl: string): boolean {
  const origin = originOf(apiUrl);
  return origin === undefined || (caches.get(db)?.origins.includes(origin) ?? false);
}
