// Test support only: the app never imports this folder.
import { render } from '@testing-library/react';
import type { MarketplaceList, MarketplaceListItem } from '@portal/contracts';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { RecordedCall } from '@/services/test-fetch';
import { Toaster, toaster } from '@/ui/toaster';
import { MarketplacesPage } from '../marketplaces-page';

/** The hosted marketplace the test portal context is signed in to (`testPortalContext().marketplace.Id`). */
export const hosted: MarketplaceListItem = {
  ID: 'demo-sandbox-mp',
  Name: 'Demo Sandbox',
  Environment: 'Sandbox',
  Region: 'Europe',
  ApiUrl: 'http://localhost/platform/v1',
  Kind: 'Hosted',
  ClientID: null,
  LastReachedAt: null,
  LastError: null,
};

export const connected: MarketplaceListItem = {
  ID: 'acme-shop',
  Name: 'Acme Shop',
  Environment: 'Production',
  Region: null,
  ApiUrl: 'https://api.acme.example/v1',
  Kind: 'Connected',
  ClientID: 'ACME-CLIENT',
  LastReachedAt: '2026-03-05T23:30:00Z',
  LastError: null,
};

/** A JSON answer with a status other than 200, as the portal service sends problem details. */
export function answer(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });
}

/**
 * Renders the Marketplaces page against a fake portal service: `GET /marketplaces` answers `list()` (read on every
 * call, so a test can change what the refetch after a save sees) and any other call answers `other(call)`: JSON
 * for a 200, a Response (see `answer`), or a promise of either; a thrown error is a call that got no answer.
 */
export function renderMarketplaces(options: { list: () => MarketplaceList; other?: (call: RecordedCall) => unknown }) {
  toaster.remove();
  const calls: RecordedCall[] = [];
  // Like services/test-fetch.ts, but an answer may be a promise, so a test can hold a call to see the progress.
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    };
    calls.push(call);
    const isList = call.method === 'GET' && new URL(call.url, 'http://test').pathname === '/portal-api/marketplaces';
    const result: unknown = await (isList
      ? options.list()
      : options.other
        ? options.other(call)
        : answer(404, { detail: 'Not in this test.' }));
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = createQueryClient();
  // The tenant switcher's list, as app/layout/app-switcher.tsx caches it: a save must mark it stale.
  queryClient.setQueryData(['inventory', 'tenants', 'org-1'], { items: [] });
  render(
    <AppProvider queryClient={queryClient}>
      <TestPortal value={testPortalContext()}>
        <MarketplacesPage />
        <Toaster />
      </TestPortal>
    </AppProvider>,
  );
  return { calls, queryClient };
}

/** The calls other than the list's, e.g. `[['POST', '/portal-api/marketplaces']]`. */
export function writes(calls: readonly RecordedCall[]): [string, string][] {
  return calls
    .filter((call) => call.method !== 'GET')
    .map((call) => [call.method, new URL(call.url, 'http://test').pathname]);
}
