import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { MarketplaceKind } from '@portal/contracts';
import { SelfServiceRoute } from './self-service-route';
import { hostedOnlyReason, NOT_AVAILABLE_TAG, SELF_SERVICE_TOOLS } from './self-service-tools';

const REASON = hostedOnlyReason('Acme Live');

// Every call a tool would make goes through fetch; it never answers, so a rendered tool stays loading.
const fetchSpy = vi.fn(() => new Promise<Response>(() => undefined));
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTool(path: string, kind: MarketplaceKind) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`/self-service/${path}?organization=demo-org&tenantName=acme-live`]}>
        <TestPortal
          value={{
            ...base,
            marketplace: { ...base.marketplace, Name: 'Acme Live', OcEnvironment: 'Staging', Kind: kind },
          }}
        >
          {/* As the app mounts it: the tools' routes are relative to /self-service. */}
          <Routes>
            <Route path="/self-service/*" element={<SelfServiceRoute />} />
          </Routes>
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('self-service on a connected marketplace', () => {
  it.each(SELF_SERVICE_TOOLS.map((tool) => [tool.path, tool.label]))(
    '%s shows its title and the one sentence, and calls nothing',
    (path, label) => {
      renderTool(path, 'Connected');
      expect(screen.getByRole('heading', { level: 2, name: label })).toBeTruthy();
      const notice = screen.getByRole('region', { name: label });
      expect(within(notice).getByText(REASON)).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it('marks every tool in the side menu, its link described by the reason', () => {
    renderTool('index-tools', 'Connected');
    const nav = screen.getByRole('navigation', { name: 'Self-service tools' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(SELF_SERVICE_TOOLS.length);
    for (const link of links) {
      expect(link.textContent).toContain(NOT_AVAILABLE_TAG);
      const reason = document.getElementById(link.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe(REASON);
    }
  });
});

describe('self-service on a hosted marketplace', () => {
  it('shows the tool itself and leaves the side menu unmarked', async () => {
    renderTool('index-tools', 'Hosted');
    expect(screen.getByRole('tab', { name: 'Products' })).toBeTruthy();
    expect(screen.queryByText(REASON)).toBeNull();
    // The tool asks for its data (this is what the connected case must not do).
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const nav = screen.getByRole('navigation', { name: 'Self-service tools' });
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.textContent).not.toContain(NOT_AVAILABLE_TAG);
      expect(link.hasAttribute('aria-describedby')).toBe(false);
    }
  });
});
