import type { ChangeRecord } from '@portal/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformCalls, reply } from '../testing/fake-platform';
import { renderAdminPage } from '../testing/render-admin-page';
import { HistoryPage } from './history-page';
import { historyOwner } from './resource-ref';

// The History tab against a fake portal service: the entries newest first with old -> new, secrets as "changed",
// Load more through the page key, the empty state, and a deleted item's last state with Recreate.

function record(id: string, overrides: Partial<ChangeRecord> = {}): ChangeRecord {
  return {
    ID: id,
    Time: new Date(Date.now() - 5 * 60_000).toISOString(),
    MarketplaceID: 'demo',
    OperationID: 'Promotions.Patch',
    Kind: 'Patch',
    ResourceType: 'Promotions',
    ResourceID: 'promo1',
    ParentIDs: [],
    Actor: { ID: 'admin1', Username: 'ann.admin', Type: 'MarketplaceOwner', CompanyID: null },
    ClientID: 'portal-client',
    ImpersonatorID: null,
    RequestID: `req-${id}`,
    Changes: [{ Path: 'Name', Old: 'Spring', New: 'Summer' }],
    LastState: null,
    ...overrides,
  };
}

function openHistory(answer: unknown) {
  const url = '/admin/promotions/promo1/history';
  const owner = historyOwner(['promotions', 'promo1', 'history']);
  if (!owner) throw new Error('no owner');
  return renderAdminPage(url, <HistoryPage owner={owner} />, {
    answers: { '/promotions/promo1': reply(404, { Errors: [] }), '/change-history/resource': answer },
  });
}

describe('the History tab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for its item and shows who changed what, old -> new, with Load more', async () => {
    const { platform } = openHistory((call: { url: URL }) =>
      call.url.searchParams.get('PageKey') === 'k2'
        ? {
            Items: [record('1', { Changes: [{ Path: 'Code', Old: 'A', New: 'B' }] })],
            Meta: { PageSize: 20, NextPageKey: null },
          }
        : {
            Items: [
              record('2', {
                Changes: [
                  { Path: 'Name', Old: 'Spring', New: 'Summer' },
                  { Path: 'Secret', Secret: true },
                ],
              }),
            ],
            Meta: { PageSize: 20, NextPageKey: 'k2' },
          },
    );
    expect(await screen.findByText('Summer')).toBeTruthy();
    expect(screen.getByText('Spring')).toBeTruthy();
    expect(screen.getByText('changed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ann.admin' }).getAttribute('href')).toBe('/admin/admin-users/admin1');
    expect(screen.getByText('5 minutes ago').getAttribute('title')).toMatch(/UTC$/);
    expect(screen.getByText('Promotions.Patch through client portal-client')).toBeTruthy();
    const first = platformCalls(platform).find((call) => call.url.pathname.endsWith('/change-history/resource'));
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({
      ResourceType: 'Promotions',
      ResourceID: 'promo1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('B')).toBeTruthy();
    expect(screen.getByText('All 2 changes shown.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing was recorded', async () => {
    openHistory({ Items: [], Meta: { PageSize: 20, NextPageKey: null } });
    expect(await screen.findByText('No changes to this promotion have been recorded yet.')).toBeTruthy();
  });

  it('says so when the service refuses', async () => {
    openHistory(reply(403, { title: 'Forbidden' }));
    expect(await screen.findByText('You do not have access to this change history.')).toBeTruthy();
  });

  it("shows a deleted item's last state and recreates it through the create form", async () => {
    const lastState = {
      ID: 'promo1',
      Name: 'Summer',
      Code: 'SUMMER10',
      EligibleExpression: 'true',
      ValueExpression: '10',
    };
    const { router } = openHistory({
      Items: [record('3', { Kind: 'Delete', OperationID: 'Promotions.Delete', Changes: [], LastState: lastState })],
      Meta: { PageSize: 20, NextPageKey: null },
    });
    expect(await screen.findByRole('heading', { name: 'This promotion was deleted' })).toBeTruthy();
    expect(screen.getByText('SUMMER10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recreate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/promotions/new'));
    expect(router.state.location.state).toEqual({ recreateFrom: lastState });
  });
});
