/*
 * The product-usage events (their names are declared once, in @portal/contracts, where the portal service reads
 * them too), with their few short facts. Never a request body, token or email address: the
 * service refuses any value holding an `@`.
 */
import type { UsageEventName } from '@portal/contracts';

/** Short texts under plain names, e.g. `{ method: 'GET', operationId: 'Products.List' }`. */
export type UsageProps = Readonly<Record<string, string>>;

export interface UsageEvent {
  name: UsageEventName;
  props?: UsageProps;
}

/** Path words the portal's routes define; any other segment past the first (or the resource) is data. */
const ROUTE_WORDS = new Set(['new', 'incoming', 'outgoing', 'assignments']);
/** Sections whose second segment names a page (a resource, a tool) rather than a record. */
const TWO_WORD_SECTIONS = new Set(['admin', 'self-service']);

/**
 * The route pattern of a path: no query string, and ids replaced by `:id`, so page views say which page was used
 * without naming the records on it.
 *
 * @example
 * pagePattern('/admin/products/red-shirt/variants?page=2'); // '/admin/products/:id/variants'
 */
export function pagePattern(pathname: string): string {
  const segments = pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const kept = segments.map((segment, index) => {
    if (index === 0) return segment;
    if (index === 1 && TWO_WORD_SECTIONS.has(segments[0] ?? '')) return segment;
    if (ROUTE_WORDS.has(segment)) return segment;
    // Past an explorer record the segments alternate: a child page's name (`variants`), then its record's id.
    if (segments[0] === 'admin' && index % 2 === 1 && /^[a-z]+(-[a-z]+)*$/.test(segment)) return segment;
    return ':id';
  });
  return `/${kept.join('/')}`;
}
