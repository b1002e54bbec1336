import { signInUserOf, type SignInUser } from '@portal/contracts';
import type { ListParams, MgmtListPage } from '../platform-client.ts';

/*
 * Who can sign in through an API client of a connected marketplace, read from its public API the way the hosted
 * management API computes it (platform/mgmt/signin-users.ts): the active admin users when the client allows the
 * seller, the active users of every buyer and supplier it reaches (all of them with AllowAnyBuyer/AllowAnySupplier,
 * else those assigned to it), matched on username, names or e-mail, sorted by username, then paged.
 *
 * The public API has no single call for this, so it costs a call per company. It is bounded: at most
 * MAX_COMPANIES buyers and MAX_COMPANIES suppliers, and MAX_PAGES pages of 100 of each list; a marketplace beyond
 * that shows the first ones (the picker's search narrows within them).
 */

export const MAX_COMPANIES = 20;
const MAX_PAGES = 5;
const PAGE_SIZE = 100;

type Json = Record<string, unknown>;

/** Reads one list page of the public API (`{ Items, Meta }`). */
export type ReadPage = (path: string) => Promise<{ Items?: Json[]; Meta?: { TotalPages?: number } }>;

interface ClientFlags {
  AllowSeller?: boolean;
  AllowAnyBuyer?: boolean;
  AllowAnySupplier?: boolean;
}

/** Every item of a list, up to `MAX_PAGES` pages. */
async function readAll(read: ReadPage, path: string): Promise<Json[]> {
  const items: Json[] = [];
  const joiner = path.includes('?') ? '&' : '?';
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await read(`${path}${joiner}page=${page}&pageSize=${PAGE_SIZE}`);
    items.push(...(answer.Items ?? []));
    if (page >= (answer.Meta?.TotalPages ?? 1)) break;
  }
  return items;
}

/** The buyers or suppliers the client reaches (id and name), at most MAX_COMPANIES. */
async function reachableCompanies(
  read: ReadPage,
  clientId: string,
  client: ClientFlags,
  kind: 'buyers' | 'suppliers',
): Promise<{ id: string; name: unknown }[]> {
  const anyFlag = kind === 'buyers' ? client.AllowAnyBuyer : client.AllowAnySupplier;
  if (anyFlag === true) {
    const answer = await read(`/v1/${kind}?page=1&pageSize=${MAX_COMPANIES}`);
    return (answer.Items ?? []).map((company) => ({ id: String(company.ID), name: company.Name }));
  }
  const field = kind === 'buyers' ? 'BuyerID' : 'SupplierID';
  const assignments = await readAll(read, `/v1/apiclients/assignments?apiClientID=${encodeURIComponent(clientId)}`);
  const ids = [...new Set(assignments.map((row) => row[field]).filter((id): id is string => typeof id === 'string'))];
  return Promise.all(
    ids.slice(0, MAX_COMPANIES).map(async (id) => {
      const answer = (await read(`/v1/${kind}/${encodeURIComponent(id)}`)) as Json;
      return { id, name: answer.Name };
    }),
  );
}

/** Pages the client's sign-in users as the hosted management API does. */
export async function listConnectedClientUsers(
  read: ReadPage,
  clientId: string,
  params: ListParams,
  marketplace: { id: string; name: string },
): Promise<MgmtListPage<SignInUser>> {
  const client = (await read(`/v1/apiclients/${encodeURIComponent(clientId)}`)) as ClientFlags;
  const active = (user: Json) => user.Active === true;
  const groups: Promise<SignInUser[]>[] = [];
  if (client.AllowSeller === true) {
    groups.push(
      (async () => {
        const admins = await readAll(read, '/v1/adminusers');
        // The seller's own users belong to the marketplace itself, as in the hosted list.
        return admins.filter(active).map((user) => signInUserOf(user, marketplace.id, marketplace.name, 'Seller'));
      })(),
    );
  }
  for (const kind of ['buyers', 'suppliers'] as const) {
    const role = kind === 'buyers' ? 'Buyer' : 'Supplier';
    groups.push(
      (async () => {
        const companies = await reachableCompanies(read, clientId, client, kind);
        const lists = await Promise.all(
          companies.map(async (company) =>
            (await readAll(read, `/v1/${kind}/${encodeURIComponent(company.id)}/users`))
              .filter(active)
              .map((user) => signInUserOf(user, company.id, company.name, role)),
          ),
        );
        return lists.flat();
      })(),
    );
  }
  const users = (await Promise.all(groups)).flat();
  const term = params.search?.toLowerCase();
  const matching = term
    ? users.filter((user) =>
        [user.Username, user.FirstName, user.LastName, user.Email].some((value) => value?.toLowerCase().includes(term)),
      )
    : users;
  matching.sort((a, b) => a.Username.localeCompare(b.Username));
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? PAGE_SIZE;
  const start = (page - 1) * pageSize;
  const items = matching.slice(start, start + pageSize);
  return {
    Items: items,
    Meta: {
      Page: page,
      PageSize: pageSize,
      TotalCount: matching.length,
      TotalPages: Math.ceil(matching.length / pageSize),
      ItemRange: items.length === 0 ? [0, 0] : [start + 1, start + items.length],
    },
  };
}
