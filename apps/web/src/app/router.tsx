import { useState } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { IndexingRedirect } from '@/app/routes/indexing-redirect';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { RouteErrorPage } from '@/app/routes/route-error-page';
import { HomePage } from '@/features/home/home-page';

/** Every route of the portal; exported so tests can mount them in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A pathless boundary inside the layout: a failing page keeps the top bar and sidebar.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          // Pages beyond home load on first visit, so signing in downloads only what home needs.
          { path: 'roles', lazy: async () => ({ Component: (await import('@/features/roles/roles-page')).RolesPage }) },
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
          { path: 'admin', lazy: async () => ({ Component: (await import('@/features/admin/admin-home')).AdminHome }) },
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
