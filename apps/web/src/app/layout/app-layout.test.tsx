import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import type { PortalContextValue } from '@/app/portal/portal-context';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { errorFromResponse } from '@/services/portal-error';

// The self-service route opens Index tools, whose calls would leave the test; the frame is what is tested here.
vi.mock('@/features/self-service/index-tools/index-api', () => ({
  useSearchIndexes: () => ({ isPending: true }),
  useIndexErrors: () => ({ isPending: true }),
  useRebuildIndex: () => ({ mutate: vi.fn(), isPending: false }),
}));

function renderApp(
  url: string,
  roles: readonly string[] = ['FullAccess'],
  environment = 'Sandbox',
  overrides: Partial<PortalContextValue> = {},
) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const context = testPortalContext({ roles, ...overrides });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={{ ...context, marketplace: { ...context.marketplace, OcEnvironment: environment } }}>
        <RouterProvider router={router} />
      </TestPortal>
    </AppProvider>,
  );
  return router;
}

describe('AppLayout', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('renders the frame with landmarks, the skip link and the active page', async () => {
    renderApp('/self-service?organization=acme&tenantName=main&page=3');

    // The first visit loads the route chunk, which takes a moment in a cold test run.
    expect(await screen.findByRole('heading', { level: 1, name: 'Self-service' }, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Self-service tools' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');

    const primary = screen.getByRole('navigation', { name: 'Primary' });
    const selfService = within(primary).getByRole('link', { name: 'Self-service' });
    expect(selfService.getAttribute('aria-current')).toBe('page');
    expect(selfService.getAttribute('href')).toBe('/self-service?organization=acme&tenantName=main');
    expect(within(primary).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    // Self-service has its own left menu, so the explorer's sidebar column is left out (issue 20).
    expect(screen.queryByRole('navigation', { name: 'Marketplace resources' })).toBeNull();
  });

  it("shows the explorer's sidebar beside the explorer, keeping the query", async () => {
    renderApp('/admin?organization=acme&tenantName=main');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marketplace explorer' }, { timeout: 5_000 }),
    ).toBeTruthy();
    const resources = screen.getByRole('navigation', { name: 'Marketplace resources' });
    expect(within(resources).getByRole('heading', { name: 'Orders And Fulfillment' })).toBeTruthy();
    expect(within(resources).getByRole('link', { name: 'Api Clients' }).getAttribute('href')).toBe(
      '/admin/api-clients?organization=acme&tenantName=main',
    );
  });

  it('disables sidebar entries the roles do not reach and greets on the home page', async () => {
    renderApp('/', []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    const resources = screen.getByRole('navigation', { name: 'Marketplace resources' });
    expect(within(resources).queryByRole('link', { name: 'Products' })).toBeNull();
    expect(within(resources).getByText('Products').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Olivia Owner' })).toBeTruthy();
    // The marketplace's name reads as information (its environment beside it), not as a second switcher.
    expect(screen.getByRole('button', { name: 'Demo Sandbox (Sandbox)' }).textContent).toBe('Demo SandboxSandbox');
  });

  it('toggles the colour mode from the top bar', async () => {
    window.localStorage.setItem('portal-color-mode', 'light');
    renderApp('/');

    const toDark = await screen.findByRole('button', { name: 'Switch to dark mode' });
    act(() => toDark.click());
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('portal-color-mode')).toBe('dark');
  });

  it('redirects /indexing to the index tools keeping the query string', async () => {
    const router = renderApp('/indexing?organization=acme&tab=orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Self-service' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/self-service/index-tools');
    expect(router.state.location.search).toBe('?organization=acme&tab=orders');
  });

  it('marks a Production marketplace with a red bar across the top, and no other', async () => {
    renderApp('/', ['FullAccess'], 'Production');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toBeTruthy();
    const bar = within(screen.getByRole('banner')).getByRole('note', { name: 'Production marketplace' });
    expect(bar.textContent).toBe('Production marketplace: changes here affect live data.');
    cleanup();
    renderApp('/', ['FullAccess'], 'Staging');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toBeTruthy();
    expect(screen.queryByRole('note', { name: 'Production marketplace' })).toBeNull();
  });

  it('keeps the frame and says the page is loading while a lazy page downloads, with no router warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/roles');
    // Before the chunk arrives the layout is there with the fallback in the main area (it was blank before).
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Loading the page...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' }, { timeout: 5_000 })).toBeTruthy();
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/);
  });

  it("shows the platform's failure in place of the pages that need it while a connected platform is down", async () => {
    const detail = 'The marketplace could not be reached (token). connect ECONNREFUSED 127.0.0.1:9';
    const platformUnavailable = errorFromResponse(502, { title: 'Bad Gateway', status: 502, detail });
    const router = renderApp('/?organization=acme&tenantName=remote', [], 'Sandbox', { platformUnavailable });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { level: 1 }).textContent).toBe('Demo Sandbox could not be reached');
    expect(panel.textContent).toContain('Bad Gateway');
    expect(panel.textContent).toContain(detail);
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeTruthy();
    const marketplaces = within(panel).getByRole('link', { name: 'Check the connection on Marketplaces' });
    expect(marketplaces.getAttribute('href')).toBe('/marketplaces?organization=acme&tenantName=remote');
    // The frame stays: the top bar (with the tenant switcher) and no greeting from the home page behind the panel.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Welcome/ })).toBeNull();
    // The same panel on the explorer; the portal's own pages open.
    await act(() => router.navigate('/admin/products?organization=acme&tenantName=remote'));
    expect(within(screen.getByRole('alert')).getByRole('heading', { level: 1 }).textContent).toMatch(/could not be/);
    await act(() => router.navigate('/marketplaces?organization=acme&tenantName=remote'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplaces' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /could not be reached/ })).toBeNull();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
