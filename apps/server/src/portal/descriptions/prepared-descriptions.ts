import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DescriptionReferenceError, prepareDescription } from '@portal/contracts';
import { Problem } from '../problems.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Prepared descriptions kept in memory; one marketplace API rarely has more than two builds in use at once. */
const DEFAULT_MAX_ENTRIES = 16;

/** A prepared description, serialised and brotli-compressed once (gzip made on first demand: browsers take br). */
export interface PreparedDescription {
  buildNumber: string;
  json: Buffer;
  br: Buffer;
  gzip: () => Promise<Buffer>;
}

/** Fetches and parses a public JSON document of a marketplace API (its `/env`, its description). */
export type FetchPublicJson = (url: string) => Promise<unknown>;

/**
 * The key naming a marketplace API in prepared descriptions' URLs: a short hash of its CoreApiUrl (a trailing
 * slash ignored), so the URL does not spell out a connected marketplace's address.
 *
 * @example
 * descriptionKey('http://localhost:4000/platform'); // '5d41402abc4b2a76'
 */
export function descriptionKey(coreApiUrl: string): string {
  return createHash('sha256').update(coreApiUrl.replace(/\/+$/, '')).digest('hex').slice(0, 16);
}

/**
 * The BuildNumber a marketplace API's `/env` reports (the version of its description).
 * A marketplace whose `/env` has none is a 502: the portal cannot tell which description it serves.
 */
export async function buildNumberOf(fetchJson: FetchPublicJson, coreApiUrl: string): Promise<string> {
  const env = await fetchJson(`${coreApiUrl.replace(/\/+$/, '')}/env`);
  const buildNumber = typeof env === 'object' && env !== null ? (env as { BuildNumber?: unknown }).BuildNumber : null;
  if (typeof buildNumber !== 'string' || buildNumber === '') {
    throw new Problem(502, "The marketplace API's /env reports no BuildNumber.");
  }
  return buildNumber;
}

/** Prepared descriptions by marketplace API and build number, each prepared once (concurrent calls share it). */
export interface PreparedDescriptions {
  /**
   * The description of the API at `coreApiUrl` for `buildNumber`: prepared on first use from its
   * `/v1/openapi/v3`, which must be that version (else a 502, and nothing is kept).
   */
  get(coreApiUrl: string, buildNumber: string, fetchJson: FetchPublicJson): Promise<PreparedDescription>;
}

/**
 * The portal service's store of prepared descriptions (issue 22): dereferenced and trimmed once per marketplace
 * API and build, instead of by every browser on every cold load. Oldest entries go first past `maxEntries`.
 *
 * @example
 * const prepared = createPreparedDescriptions();
 * const { br } = await prepared.get(info.CoreApiUrl, '1.0.445.36017', platform.getPublicJson);
 */
export function createPreparedDescriptions(maxEntries = DEFAULT_MAX_ENTRIES): PreparedDescriptions {
  const entries = new Map<string, Promise<PreparedDescription>>();
  return {
    get(coreApiUrl, buildNumber, fetchJson) {
      const root = coreApiUrl.replace(/\/+$/, '');
      const id = `${descriptionKey(root)}/${buildNumber}`;
      const kept = entries.get(id);
      if (kept) {
        // Most recently used last, so the oldest is dropped first.
        entries.delete(id);
        entries.set(id, kept);
        return kept;
      }
      const preparing = prepare(root, buildNumber, fetchJson);
      entries.set(id, preparing);
      preparing.catch(() => {
        if (entries.get(id) === preparing) entries.delete(id);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return preparing;
    },
  };
}

async function prepare(root: string, buildNumber: string, fetchJson: FetchPublicJson): Promise<PreparedDescription> {
  const raw = await fetchJson(`${root}/v1/openapi/v3`);
  const version =
    typeof raw === 'object' && raw !== null ? (raw as { info?: { version?: unknown } }).info?.version : undefined;
  if (version !== buildNumber) {
    // Mid-deploy the description may be another build's than /env says: never keep it under the wrong number.
    throw new Problem(
      502,
      `The marketplace API's description is version ${String(version)}, but its /env reports build ${buildNumber}.`,
    );
  }
  let prepared: unknown;
  try {
    prepared = prepareDescription(raw);
  } catch (error) {
    if (error instanceof DescriptionReferenceError) {
      throw new Problem(502, `The marketplace API's description cannot be read: ${error.message}`);
    }
    throw error;
  }
  const json = Buffer.from(JSON.stringify(prepared));
  // Compressed once, so every load costs a write. Quality 5 takes ~8 ms for the platform's 1.7 MB (37 KB out);
  // 9 took ~50 ms for 33 KB, time the first cold load of a new build would wait for.
  const br = await brotli(json, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
  let gzipped: Promise<Buffer> | undefined;
  const gzipOnce = () => (gzipped ??= gzipAsync(json, { level: 6 }));
  return { buildNumber, json, br, gzip: gzipOnce };
}
