import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { BreadcrumbNamesProvider, useBreadcrumbName } from './breadcrumb-names';
import type { BreadcrumbNames } from './breadcrumb-names';
import { breadcrumbEntries, Breadcrumbs } from './breadcrumbs';

function renderAt(url: string, names?: BreadcrumbNames) {
  const router = createMemoryRouter([{ path: '*', element: <Breadcrumbs names={names} /> }], {
    initialEntries: [url],
  });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('breadcrumbEntries', () => {
  it('labels route words, admin resources, known ids and falls back to the raw segment', () => {
    expect(breadcrumbEntries('/admin/admin-user-groups/order-desk', { 'order-desk': 'Order Desk' })).toEqual([
      { href: '/admin', label: 'Admin' },
      { href: '/admin/admin-user-groups', label: 'Admin User Groups' },
      { href: '/admin/admin-user-groups/order-desk', label: 'Order Desk' },
    ]);
    expect(breadcrumbEntries('/admin/products/prod%20one').map((entry) => entry.label)).toEqual([
      'Admin',
      'Products',
      'prod one',
    ]);
    expect(breadcrumbEntries('/self-service/index-tools/').map((entry) => entry.label)).toEqual([
      'Self-service',
      'Index tools',
    ]);
  });
});

describe('Breadcrumbs', () => {
  afterEach(cleanup);

  it('is hidden when the path has one segment', () => {
    renderAt('/roles?organization=acme');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('links every segment but the last, keeping organization and tenantName', () => {
    renderAt('/admin/buyers/b-1?organization=acme&tenantName=main&page=2', { 'b-1': 'Bike Shop' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe(
      '/admin?organization=acme&tenantName=main',
    );
    expect(within(nav).getByRole('link', { name: 'Buyers' }).getAttribute('href')).toBe(
      '/admin/buyers?organization=acme&tenantName=main',
    );
    expect(within(nav).getByText('Bike Shop').getAttribute('aria-current')).toBe('page');
  });
});

describe('BreadcrumbNamesProvider', () => {
  afterEach(cleanup);

  function BuyerPage({ name }: { name?: string }) {
    useBreadcrumbName('b-1', name);
    return null;
  }

  it('labels id segments with the names pages give, and forgets them when the page goes', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <BreadcrumbNamesProvider>
              <Breadcrumbs />
              <Routes>
                <Route path="admin/buyers/b-1" element={<BuyerPage name="Bike Shop" />} />
                <Route path="*" element={null} />
              </Routes>
            </BreadcrumbNamesProvider>
          ),
        },
      ],
      { initialEntries: ['/admin/buyers/b-1'] },
    );
    render(
      <AppProvider queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByText('Bike Shop')).toBeTruthy();
    await act(() => router.navigate('/admin/buyers/b-1/edit'));
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('b-1')).toBeTruthy();
  });
});
