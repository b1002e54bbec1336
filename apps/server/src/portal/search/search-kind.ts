import type { SearchItem } from '@portal/contracts';
import { canListParents, type PlatformObject, type SearchKindDefinition } from './kinds.ts';
import type { PlatformRead } from './platform-reader.ts';
import { rankItems } from './rank.ts';

/** The platform refused the kind to this caller's token: the kind is left out, not reported. */
export class KindRefused extends Error {}

/** Most parents whose users are searched when the platform has no list across them (one call each, in parallel). */
export const PARENT_FAN_OUT = 20;

/** Text that could be an ID (platform IDs hold no spaces or slashes), so a direct read by ID is worth a call. */
const mayBeId = (query: string) => /^[^\s/\\?#]{1,100}$/.test(query);

interface KindSearch {
  definition: SearchKindDefinition;
  query: string;
  limit: number;
  roles: readonly string[];
  read: PlatformRead;
  signal: AbortSignal;
}

function itemsOf(body: unknown): PlatformObject[] {
  const items = (body as { Items?: unknown } | undefined)?.Items;
  return Array.isArray(items) ? items.filter((item): item is PlatformObject => typeof item === 'object' && !!item) : [];
}

/** A list page; 403 refuses the kind, 404 answers undefined (no such list or object), anything else fails. */
async function readList(search: KindSearch, path: string): Promise<PlatformObject[] | undefined> {
  const { status, body } = await search.read(path, search.signal);
  if (status === 401 || status === 403) throw new KindRefused(`${search.definition.kind}: ${status}`);
  if (status === 404) return undefined;
  if (status !== 200) throw new Error(`The platform answered ${status} for ${path}.`);
  return itemsOf(body);
}

/** One object by ID, or nothing (not found, or not the caller's to read). */
async function readOne(search: KindSearch, path: string): Promise<PlatformObject[]> {
  const { status, body } = await search.read(path, search.signal);
  return status === 200 && typeof body === 'object' && body !== null ? [body as PlatformObject] : [];
}

const listQuery = (search: KindSearch) =>
  `?${new URLSearchParams({ search: search.query, pageSize: String(search.limit) }).toString()}`;

async function searchList(search: KindSearch, path: string, getPath?: (id: string) => string): Promise<SearchItem[]> {
  const { definition, query } = search;
  const [exact, listed] = await Promise.all([
    getPath && mayBeId(query) ? readOne(search, getPath(query)) : Promise.resolve([]),
    readList(search, `${path}${listQuery(search)}`),
  ]);
  return [...exact, ...(listed ?? [])].map((object) => definition.toItem(object, []));
}

/** The ID of the company a user of a list across companies belongs to, as the public API names it. */
const companyOf = (object: PlatformObject): string =>
  typeof object.CompanyID === 'string' ? object.CompanyID : typeof object.BuyerID === 'string' ? object.BuyerID : '';

async function searchPerParent(search: KindSearch): Promise<SearchItem[]> {
  const { definition, roles } = search;
  if (definition.source.type !== 'perParent') return [];
  const source = definition.source;
  if (source.acrossPath) {
    const across = await readList(search, `${source.acrossPath}${listQuery(search)}`);
    // A platform without the list across companies answers 404: the companies are read one by one below.
    if (across) {
      return across
        .filter((object) => companyOf(object))
        .map((object) => definition.toItem(object, [companyOf(object)]));
    }
  }
  if (!canListParents(definition, roles)) return [];
  const parents = await readList(search, `${source.parentPath}?pageSize=${PARENT_FAN_OUT}`);
  const pages = await Promise.all(
    (parents ?? []).map(async (parent) => {
      const parentId = String(parent.ID ?? '');
      const children = await readList(search, `${source.childPath(parentId)}${listQuery(search)}`);
      return (children ?? []).map((object) => definition.toItem(object, [parentId]));
    }),
  );
  return pages.flat();
}

/**
 * The ranked results of one kind. Throws KindRefused when the platform refuses the caller's token for it.
 */
export async function searchKind(search: KindSearch): Promise<SearchItem[]> {
  const { source } = search.definition;
  const found =
    source.type === 'list' ? await searchList(search, source.path, source.getPath) : await searchPerParent(search);
  return rankItems(found, search.query, search.limit);
}
