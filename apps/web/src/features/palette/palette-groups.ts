import type { SearchAnswer, SearchItem, SearchKind } from '@portal/contracts';
import { collectionByKey, routeParamNames } from '@/features/admin/catalogue/catalogue';
import { adminHref } from '@/features/admin/catalogue/resolve-path';
import type { LocalEntries, PaletteEntry } from './local-entries';
import { normalise, rankLocal } from './rank-local';

/** A heading and its lines, as the listbox shows them. */
export interface PaletteGroup {
  readonly id: string;
  readonly label: string;
  readonly entries: readonly PaletteEntry[];
}

/** The explorer's collection (catalogue key) each searched kind opens in. */
const COLLECTION_OF: Readonly<Record<SearchKind, string>> = {
  Orders: 'orders',
  Products: 'products',
  Buyers: 'buyers',
  Users: 'buyers.users',
  SupplierUsers: 'suppliers.users',
  AdminUsers: 'admin-users',
  Promotions: 'promotions',
  Catalogs: 'catalogs',
  ApiClients: 'api-clients',
};

/**
 * The explorer's page of a found item: its collection's item route, the parent ids filling the route's parameters
 * in order (a buyer user under its buyer; an order under its direction, written as the URL writes it).
 *
 * @example
 * searchItemHref('Users', { ID: 'u1', ParentIDs: ['b1'], ... }); // '/admin/buyers/b1/users/u1'
 * searchItemHref('Orders', { ID: 'o1', ParentIDs: ['Incoming'], ... }); // '/admin/orders/incoming/o1'
 */
export function searchItemHref(kind: SearchKind, item: Pick<SearchItem, 'ID' | 'ParentIDs'>): string {
  const collection = collectionByKey(COLLECTION_OF[kind]);
  const params: Record<string, string> = {};
  routeParamNames(collection.path).forEach((name, index) => {
    const value = item.ParentIDs[index] ?? '';
    // paramValues maps the URL's words to the platform's (incoming -> Incoming); the way back is the same table.
    const urlValue = Object.entries(collection.paramValues?.[name] ?? {}).find(([, api]) => api === value)?.[0];
    params[name] = urlValue ?? value;
  });
  return adminHref(collection, params, item.ID);
}

/** How many local lines each local group shows. */
export const LOCAL_LIMIT = { pages: 5, operations: 5 } as const;

/**
 * The order of groups: a server group led by the exact ID first, then a local group led by a title starting with the
 * text ('create product'), then the other server groups, then the other local ones. Within a tier, the given order.
 */
function tierOf(group: PaletteGroup, local: boolean, query: string): number {
  const first = group.entries[0];
  if (!first) return 4;
  if (!local) return first.id?.toLowerCase() === query.trim().toLowerCase() ? 0 : 2;
  return normalise(first.title).startsWith(normalise(query)) ? 1 : 3;
}

/**
 * The palette's groups for `query`: the server's groups (items of the marketplace, in the server's order) and the
 * matching pages and console operations, ordered by tierOf; empty groups are left out.
 *
 * @example
 * paletteGroups(local, answer, 'create product').map((group) => group.label); // ['Console operations', 'Products']
 */
export function paletteGroups(local: LocalEntries, answer: SearchAnswer | undefined, query: string): PaletteGroup[] {
  const found: PaletteGroup[] = (answer?.Groups ?? []).map((group) => ({
    id: `kind-${group.Kind}`,
    label: group.Label,
    entries: group.Items.map((item) => ({
      key: `${group.Kind}:${[...item.ParentIDs, item.ID].join('/')}`,
      id: item.ID,
      title: item.Title,
      subtitle: item.Subtitle,
      href: searchItemHref(group.Kind, item),
    })),
  }));
  const ours: PaletteGroup[] = [
    { id: 'pages', label: 'Pages', entries: rankLocal(local.pages, query, LOCAL_LIMIT.pages) },
    {
      id: 'operations',
      label: 'Console operations',
      entries: rankLocal(local.operations, query, LOCAL_LIMIT.operations),
    },
  ];
  return [...found.map((group) => ({ group, local: false })), ...ours.map((group) => ({ group, local: true }))]
    .filter(({ group }) => group.entries.length > 0)
    .map((candidate, index) => ({ ...candidate, index, tier: tierOf(candidate.group, candidate.local, query) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ group }) => group);
}

/** Every line in listbox order, for arrow keys and Enter. */
export function flatEntries(groups: readonly PaletteGroup[]): PaletteEntry[] {
  return groups.flatMap((group) => group.entries);
}
