import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import { ActivityPage } from '../activity/activity-page';
import { platformAnswering, platformCalls, reply } from '../testing/fake-platform';
import { renderAdminPage } from '../testing/render-admin-page';
import { CONNECTED_HISTORY_TEXT } from './history-states';
import { HistoryTab } from './history-tab';
import { historyOwner } from './resource-ref';

// Issue 21 with issue 23: a connected marketplace records no changes (the portal service answers 409 there), so
// the History tab and the Activity page say so in one sentence instead of an error, and ask for nothing.

const CONNECTED = testPortalContext().marketplace;

function renderConnected(element: ReactNode) {
  const platform = platformAnswering({ '/change-history': { Items: [], Meta: { PageSize: 20, NextPageKey: null } } });
  vi.stubGlobal('fetch', platform);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/admin/activity'] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={testPortalContext({ marketplace: { ...CONNECTED, Kind: 'Connected' } })}>
        <RouterProvider router={router} />
      </TestPortal>
    </AppProvider>,
  );
  return platform;
}

describe('change history on a connected marketplace', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the History tab says in one sentence why there is none, and asks the service nothing', async () => {
    const owner = historyOwner(['promotions', 'promo1', 'history']);
    if (!owner) throw new Error('no owner');
    const platform = renderConnected(<HistoryTab owner={owner} />);
    expect(await screen.findByText(CONNECTED_HISTORY_TEXT)).toBeTruthy();
    expect(platformCalls(platform).filter((call) => call.url.pathname.includes('/change-history'))).toEqual([]);
  });

  it('the Activity page says the same sentence under its heading, with no filters to fill', async () => {
    const platform = renderConnected(<ActivityPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    expect(screen.getByText(CONNECTED_HISTORY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
    expect(platformCalls(platform).filter((call) => call.url.pathname.includes('/change-history'))).toEqual([]);
  });

  it("reads the service's 409 as that sentence, not as a failure", async () => {
    const owner = historyOwner(['promotions', 'promo1', 'history']);
    if (!owner) throw new Error('no owner');
    renderAdminPage('/admin/promotions/promo1/history', <HistoryTab owner={owner} />, {
      answers: {
        '/change-history/resource': reply(409, {
          status: 409,
          detail: 'The change history uses services that only hosted marketplaces offer.',
        }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(CONNECTED_HISTORY_TEXT);
  });
});
