import { collectionByKey } from '../catalogue/catalogue';
import { adminHref } from '../catalogue/resolve-path';

// AN ORDER'S CUSTOMER
// Who placed an order (the user the order keeps a copy of) and for which company: a buyer organization for
// orders placed by buyers, a supplier, or the marketplace itself for the owner's own orders (FromCompanyID is
// then the marketplace's ID). Each links to its page in the explorer.

/** What kind of company an order comes from; null while it is not known (or cannot be read). */
export type CompanyKind = 'marketplace' | 'buyer' | 'supplier';

type Fields = Readonly<Record<string, unknown>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
}

/**
 * A person's name as people say it: first and last name, else the username, else the email, else the ID.
 *
 * @example
 * personName({ FirstName: 'Ann', LastName: 'Lee', Email: 'ann@x.example' }); // 'Ann Lee'
 * personName({ Email: 'ann@x.example' }); // 'ann@x.example'
 */
export function personName(user: unknown): string {
  const fields = fieldsOf(user);
  const name = [text(fields.FirstName), text(fields.LastName)].filter(Boolean).join(' ');
  return name || text(fields.Username) || text(fields.Email) || text(fields.ID);
}

/**
 * An order's customer on one line, for a list cell: the person, then the company's ID.
 *
 * @example
 * customerText({ FromUser: { FirstName: 'Ann', LastName: 'Lee' }, FromCompanyID: 'alpine-guides' });
 * // 'Ann Lee · alpine-guides'
 */
export function customerText(order: Fields): string {
  const person = personName(order.FromUser) || text(order.FromUserID);
  const company = text(order.FromCompanyID);
  return [person, company].filter(Boolean).join(' · ');
}

/**
 * The explorer page of the company an order comes from.
 *
 * @example
 * companyHref('buyer', 'alpine-guides'); // '/admin/buyers/alpine-guides'
 * companyHref('marketplace', 'demo'); // null (the marketplace has no explorer page)
 */
export function companyHref(kind: CompanyKind | null, companyId: string): string | null {
  if (companyId === '') return null;
  if (kind === 'buyer') return adminHref(collectionByKey('buyers'), {}, companyId);
  if (kind === 'supplier') return adminHref(collectionByKey('suppliers'), {}, companyId);
  return null;
}

/**
 * The explorer page of the user who placed an order: a buyer's or supplier's user, or an admin user for the
 * marketplace's own orders.
 *
 * @example
 * userHref('buyer', 'alpine-guides', 'ann'); // '/admin/buyers/alpine-guides/users/ann'
 * userHref('marketplace', 'demo', 'owner'); // '/admin/admin-users/owner'
 */
export function userHref(kind: CompanyKind | null, companyId: string, userId: string): string | null {
  if (userId === '') return null;
  if (kind === 'marketplace') return adminHref(collectionByKey('admin-users'), {}, userId);
  if (companyId === '') return null;
  if (kind === 'buyer') return adminHref(collectionByKey('buyers.users'), { buyerID: companyId }, userId);
  if (kind === 'supplier') return adminHref(collectionByKey('suppliers.users'), { supplierID: companyId }, userId);
  return null;
}
