import { useState } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { IndexingRedirect } from '@/app/routes/indexing-redirect';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { PageLoading } from '@/app/routes/page-loading';
import { RouteErrorPage } from '@/app/routes/route-error-page';
import { HomePage } from '@/features/home/home-page';

/** The knowledge-base and release-note pages share one chunk: they are opened from the same home cards. */
const contentPages = () => import('@/features/home/content/content-pages');

/** Every route of the portal; exported so tests can mount them in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A pathless boundary inside the layout: a failing page keeps the top bar and sidebar.
        errorElement: <RouteErrorPage />,
        // What the main area shows while the first page's code loads (the router is not initialised until that lazy
        // route has loaded). Without one React Router warned on every load of a lazy page and rendered the whole
        // frame blank meanwhile; here the top bar and sidebar stay.
        hydrateFallbackElement: <PageLoading />,
        children: [
          { index: true, element: <HomePage /> },
          // Pages beyond home load on first visit, so signing in downloads only what home needs.
          { path: 'roles', lazy: async () => ({ Component: (await import('@/features/roles/roles-page')).RolesPage }) },
          { path: 'usage', lazy: async () => ({ Component: (await import('@/features/usage/usage-page')).UsagePage }) },
          {
            path: 'marketplaces',
            lazy: async () => ({
              Component: (await import('@/features/marketplaces/marketplaces-page')).MarketplacesPage,
            }),
          },
          {
            path: 'console',
            lazy: async () => ({ Component: (await import('@/features/console/console-route')).ConsoleRoute }),
          },
          {
            path: 'self-service/*',
            lazy: async () => ({
              Component: (await import('@/features/self-service/self-service-route')).SelfServiceRoute,
            }),
          },
          { path: 'indexing', element: <IndexingRedirect /> },
          { path: 'articles', lazy: async () => ({ Component: (await contentPages()).ArticlesPage }) },
          { path: 'articles/:slug', lazy: async () => ({ Component: (await contentPages()).ArticlePage }) },
          { path: 'release-notes', lazy: async () => ({ Component: (await contentPages()).ReleaseNotesPage }) },
          {
            path: 'release-notes/:version',
            lazy: async () => ({ Component: (await contentPages()).ReleaseNotePage }),
          },
          { path: 'admin', lazy: async () => ({ Component: (await import('@/features/admin/admin-home')).AdminHome }) },
          {
            path: 'admin/activity',
            lazy: async () => ({ Component: (await import('@/features/admin/activity/activity-page')).ActivityPage }),
          },
          // One splat for the whole explorer: features/admin/catalogue resolves every list, item and tab below it.
          {
            path: 'admin/*',
            lazy: async () => ({ Component: (await import('@/features/admin/admin-route')).AdminRoute }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the code of the lazy routes that `pathname` matches, without rendering anything. On a cold
 * load it runs beside the render gate's requests instead of after them (the router creates itself, and fetches
 * the route's chunk, only once the gate opens); pages call it for the page a click most likely opens next. The
 * browser keeps the module, so the router's own `lazy` call later finds it loaded.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes, pathname) ?? []) {
    if (typeof route.lazy === 'function') {
      // A failure is the router's to show when the route is really opened.
      void Promise.resolve(route.lazy()).catch(() => undefined);
    }
  }
}

export function AppRouter() {
  // Created on first render rather than at import, so importing the routes (tests) starts no browser router.
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}
