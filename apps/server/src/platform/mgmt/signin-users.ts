import { signInUserOf, type SignInUser } from '@portal/contracts';
import type { Item } from '../engine/item.ts';
import { listPage, type ListPage } from '../engine/list-query.ts';
import type { Store } from '../engine/store.ts';

/** Companies of one kind the client reaches: all of them, or those assigned to it. */
async function reachableCompanies(store: Store, client: Item, kind: 'Buyers' | 'Suppliers'): Promise<Item[]> {
  const anyFlag = kind === 'Buyers' ? client.AllowAnyBuyer : client.AllowAnySupplier;
  const all = (await store.find(kind, [])).map((stored) => stored.item);
  if (anyFlag === true) return all;
  const field = kind === 'Buyers' ? 'BuyerID' : 'SupplierID';
  const assigned = await store.findAssignments('ApiClientAssignment', [], { ApiClientID: String(client.ID) });
  const ids = new Set(
    assigned.map((assignment) => assignment[field]).filter((id): id is string => typeof id === 'string'),
  );
  return all.filter((company) => ids.has(String(company.ID)));
}

/**
 * The active users who can sign in through `client` (admin users when it allows the seller, users
 * of the buyers and suppliers it reaches), matching `search` in username, names or email.
 */
export async function listSignInUsers(
  store: Store,
  client: Item,
  marketplaceName: string,
  query: { search: string | undefined; page: number; pageSize: number },
): Promise<ListPage<SignInUser>> {
  const users: SignInUser[] = [];
  if (client.AllowSeller === true) {
    for (const { item } of await store.find('AdminUsers', [], { Active: true })) {
      users.push(signInUserOf(item, store.marketplaceId, marketplaceName, 'Seller'));
    }
  }
  for (const buyer of await reachableCompanies(store, client, 'Buyers')) {
    for (const { item } of await store.find('Users', [String(buyer.ID)], { Active: true })) {
      users.push(signInUserOf(item, String(buyer.ID), buyer.Name, 'Buyer'));
    }
  }
  for (const supplier of await reachableCompanies(store, client, 'Suppliers')) {
    for (const { item } of await store.find('SupplierUsers', [String(supplier.ID)], { Active: true })) {
      users.push(signInUserOf(item, String(supplier.ID), supplier.Name, 'Supplier'));
    }
  }
  const term = query.search?.toLowerCase();
  const matching = term
    ? users.filter((user) =>
        [user.Username, user.FirstName, user.LastName, user.Email].some((value) => value?.toLowerCase().includes(term)),
      )
    : users;
  matching.sort((a, b) => a.Username.localeCompare(b.Username));
  const start = (query.page - 1) * query.pageSize;
  return listPage(matching.slice(start, start + query.pageSize), matching.length, query);
}
