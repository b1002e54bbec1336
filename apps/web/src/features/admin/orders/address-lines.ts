// POSTAL ADDRESSES
// Addresses of an order (billing on the order, shipping on its line items or shipments) read as a label on a
// parcel: company, person, street, town line, country, phone; never as the platform's JSON.

export type AddressLike = Readonly<Record<string, unknown>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The lines of an address as it is written on a parcel; empty parts are left out.
 *
 * @example
 * addressLines({ CompanyName: 'Acme', FirstName: 'Ann', LastName: 'Lee', Street1: '1 Main St',
 *   City: 'Springfield', State: 'IL', Zip: '62701', Country: 'US' });
 * // ['Acme', 'Ann Lee', '1 Main St', 'Springfield, IL 62701', 'US']
 */
export function addressLines(address: AddressLike | null | undefined): string[] {
  if (!address) return [];
  const person = [text(address.FirstName), text(address.LastName)].filter(Boolean).join(' ');
  const region = [text(address.State), text(address.Zip)].filter(Boolean).join(' ');
  const town = [text(address.City), region].filter(Boolean).join(', ');
  return [
    text(address.CompanyName),
    person,
    text(address.Street1),
    text(address.Street2),
    town,
    text(address.Country),
    text(address.Phone),
  ].filter(Boolean);
}

/** What tells two addresses apart: their ID when both have one, else what is written on them. */
function addressKey(address: AddressLike): string {
  const id = text(address.ID);
  return id !== '' ? `id:${id}` : `lines:${addressLines(address).join('\n')}`;
}

/**
 * The different addresses among many (each line item keeps its own copy of the shipping address), in order,
 * without empty ones.
 *
 * @example
 * distinctAddresses([{ ID: 'a1', Street1: 'x' }, { ID: 'a1', Street1: 'x' }, null]); // [{ ID: 'a1', Street1: 'x' }]
 */
export function distinctAddresses(addresses: readonly unknown[]): AddressLike[] {
  const seen = new Map<string, AddressLike>();
  for (const address of addresses) {
    if (typeof address !== 'object' || address === null || Array.isArray(address)) continue;
    const candidate = address as AddressLike;
    if (addressLines(candidate).length === 0) continue;
    const key = addressKey(candidate);
    if (!seen.has(key)) seen.set(key, candidate);
  }
  return [...seen.values()];
}
