import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { appRoutes } from '@/app/router';
import { buildApiDescription } from '@/description/index-description';
import { createQueryClient } from '@/lib/query-client';
import { realPlatformDocument } from './catalogue/real-platform-description';
import { listOf, platformAnswering } from './testing/fake-platform';

const description = buildApiDescription(realPlatformDocument());

function renderAdmin(url: string, roles: readonly string[] = ['FullAccess'], answers?: Record<string, unknown>) {
  vi.stubGlobal('fetch', platformAnswering(answers));
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={testPortalContext({ description, roles: [...roles] })}>
        <RouterProvider router={router} />
      </TestPortal>
    </AppProvider>,
  );
  return router;
}

describe('the admin routes', () => {
  // The route's lazy chunk is transformed on first import, which can outlast a findBy wait on a busy machine: load
  // it once here so each test waits only for its own rendering.
  beforeAll(async () => {
    await import('./admin-route');
  }, 60_000);

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends /admin/orders to the incoming orders, keeping the signed-in context', async () => {
    const router = renderAdmin('/admin/orders?organization=acme&tenantName=main');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/orders/incoming');
    expect(router.state.location.search).toBe('?organization=acme&tenantName=main');
  });

  it('shows who may open a list the roles do not reach, without asking the platform', async () => {
    renderAdmin('/admin/admin-users?organization=acme&tenantName=main', ['ProductAdmin']);
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to Admin Users" })).toBeTruthy();
    expect(
      screen.getByText(
        'To open it, ask an organization admin for any one of these roles: FullAccess, AdminUserAdmin or AdminUserReader.',
      ),
    ).toBeTruthy();
    const back = screen.getByRole('link', { name: "Back to the explorer's home" });
    expect(back.getAttribute('href')).toBe('/admin?organization=acme&tenantName=main');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens a list one of the roles reaches', async () => {
    renderAdmin('/admin/products', ['ProductReader']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(screen.queryByText(/You don't have access/)).toBeNull();
  });

  it('shows the not-found page for a path the catalogue lacks', async () => {
    renderAdmin('/admin/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('frames a related tab with the item tabs and its assignment list', async () => {
    renderAdmin('/admin/products/p1/catalogs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Catalogs' })).toBeTruthy();
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Product sections' });
    expect(tabs.textContent).toContain('Inventory Records');
    expect(screen.getByText('ID: p1')).toBeTruthy();
  });

  it("asks for a catalog before listing a buyer's category assignments", async () => {
    renderAdmin('/admin/buyers/b1/categories');
    expect(await screen.findByText('Select a Catalog to view Categories')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Catalog' })).toBeTruthy();
  });

  it("shows the company checkbox on an address, checked when the platform lists the buyer's own assignment", async () => {
    renderAdmin('/admin/buyers/b1/addresses/a1/company', ['FullAccess'], {
      '/buyers/b1/addresses/assignments': listOf([{ AddressID: 'a1', UserID: null, UserGroupID: null }]),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Company' })).toBeTruthy();
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Assigned to the buyer' });
    expect(box.checked).toBe(true);
    const listed = vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://test'));
    const assignments = listed.find((url) => url.pathname.endsWith('/buyers/b1/addresses/assignments'));
    expect(assignments?.searchParams.get('addressID')).toBe('a1');
  });

  it('leaves the company checkbox clear when only a user group has the address', async () => {
    renderAdmin('/admin/buyers/b1/addresses/a1/company', ['FullAccess'], {
      '/buyers/b1/addresses/assignments': listOf([{ AddressID: 'a1', UserID: null, UserGroupID: 'g1' }]),
    });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Assigned to the buyer' });
    expect(box.checked).toBe(false);
  });

  it('says so when the assignment cannot be read', async () => {
    renderAdmin('/admin/buyers/b1/addresses/a1/company');
    expect(await screen.findByText('The assignment could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('opens the create form of a nested collection', async () => {
    renderAdmin('/admin/buyers/b1/users/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New User' })).toBeTruthy();
    // The form follows once the users have been read for the xp schema (here the read fails: an empty schema).
    expect(await screen.findByRole('button', { name: 'Create User' }, { timeout: 5000 })).toBeTruthy();
  });
});
