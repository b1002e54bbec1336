import type { MarketplaceKind } from '@portal/contracts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The platform base URL the browser should call for a marketplace's CoreApiUrl. On the portal's own origin it is
 * used as is. A loopback address on another port is the local server seen from the development server, which
 * forwards the same paths, so it is rebased onto the page's origin (no CORS needed). Anything else is used as is,
 * and so is a connected marketplace's address always: it runs elsewhere, even when that is another port of this
 * machine (a second instance in the tests), never behind the development server (issue 21).
 *
 * @example
 * platformBaseUrl('http://localhost:4000/platform', 'http://localhost:5173'); // 'http://localhost:5173/platform'
 * platformBaseUrl('http://127.0.0.1:4100/platform', 'http://localhost:5173', 'Connected'); // unchanged
 */
export function platformBaseUrl(coreApiUrl: string, origin: string, kind: MarketplaceKind = 'Hosted'): string {
  if (kind === 'Connected') return coreApiUrl;
  let url: URL;
  try {
    url = new URL(coreApiUrl, origin);
  } catch {
    return coreApiUrl;
  }
  if (url.origin === origin) return coreApiUrl;
  const page = new URL(origin);
  if (LOOPBACK_HOSTS.has(url.hostname) && LOOPBACK_HOSTS.has(page.hostname)) {
    return `${origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return coreApiUrl;
}
