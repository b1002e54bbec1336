// In lib/ rather than app/ so features and shared ui can use it too (imports flow shared -> features -> app).

/** Query parameters that identify the signed-in context and must survive every in-app navigation. */
export const KEPT_QUERY_PARAMS = ['organization', 'tenantName'] as const;

/**
 * Adds the kept query parameters (organization, tenantName) from the current URL to a link target.
 * A value already present in `to` wins, so a link can deliberately switch context.
 *
 * @example
 * withKeptQuery('/roles', '?organization=acme&tenantName=main&page=2'); // '/roles?organization=acme&tenantName=main'
 */
export function withKeptQuery(to: string, currentSearch: string): string {
  const current = new URLSearchParams(currentSearch);
  const hashIndex = to.indexOf('#');
  const hash = hashIndex === -1 ? '' : to.slice(hashIndex);
  const withoutHash = hashIndex === -1 ? to : to.slice(0, hashIndex);
  const queryIndex = withoutHash.indexOf('?');
  const pathname = queryIndex === -1 ? withoutHash : withoutHash.slice(0, queryIndex);
  const target = new URLSearchParams(queryIndex === -1 ? '' : withoutHash.slice(queryIndex + 1));

  for (const name of KEPT_QUERY_PARAMS) {
    const value = current.get(name);
    if (value !== null && !target.has(name)) target.set(name, value);
  }

  const search = target.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash}`;
}
