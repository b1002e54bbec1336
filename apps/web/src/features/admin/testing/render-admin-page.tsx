// Test support only: the app never imports this folder.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { buildApiDescription } from '@/description/index-description';
import { createQueryClient } from '@/lib/query-client';
import { Toaster, toaster } from '@/ui/toaster';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { resolveAdminPath } from '../catalogue/resolve-path';
import { DetailPage } from '../detail/detail-page';
import { ListPage } from '../list/list-page';
import { platformAnswering, type PlatformAnswer } from './fake-platform';

/** The platform's real description, built once for every test file that renders admin pages. */
export const realDescription = buildApiDescription(realPlatformDocument());

/** Where the page went, for assertions on navigation (`Now at /admin/products`). */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>{`Now at ${pathname}${search}`}</p>;
}

/**
 * Renders one admin page at `url` (under `/admin/...`), signed in with `roles`, against a fake platform answering
 * `answers` (see `platformAnswering`). Any other path the page navigates to shows 'Now at {path}'. The query client is
 * returned so a test can make the page read again (a refetch).
 */
export function renderAdminPage(
  url: string,
  page: ReactNode,
  options: { answers?: Record<string, PlatformAnswer>; roles?: readonly string[] } = {},
) {
  // The toaster is one store for the whole test file: a page starts with no toast an earlier test left.
  toaster.remove();
  const platform = platformAnswering(options.answers);
  vi.stubGlobal('fetch', platform);
  const path = new URL(url, 'http://test').pathname;
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = createQueryClient();
  const rendered = render(
    <AppProvider queryClient={queryClient}>
      <TestPortal
        value={testPortalContext({ description: realDescription, roles: [...(options.roles ?? ['FullAccess'])] })}
      >
        <RouterProvider router={router} />
        <Toaster />
      </TestPortal>
    </AppProvider>,
  );
  return { ...rendered, router, platform, queryClient };
}

function locationOf(url: string) {
  return resolveAdminPath(new URL(url, 'http://test').pathname.split('/').filter(Boolean).slice(1));
}

/** The real detail page of the item (or `new`) a URL opens, as the admin route resolves it. */
export function detailPageAt(url: string) {
  const location = locationOf(url);
  if (location.kind !== 'item') throw new Error(`${url} is not an item page`);
  return <DetailPage collection={location.collection} params={location.params} itemId={location.itemId} />;
}

/** The real list page a URL opens, as the admin route resolves it. */
export function listPageAt(url: string) {
  const location = locationOf(url);
  if (location.kind !== 'list') throw new Error(`${url} is not a list page`);
  return <ListPage collection={location.collection} params={location.params} nested={location.owner !== null} />;
}
