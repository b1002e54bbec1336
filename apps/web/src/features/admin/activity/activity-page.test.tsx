import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformCalls } from '../testing/fake-platform';
import { renderAdminPage } from '../testing/render-admin-page';
import { ActivityPage } from './activity-page';

// The Activity page against a fake portal service: the URL's filters go into the request, Apply writes them back
// into the URL, and each record links to its item.

const RECORD = {
  ID: '9',
  Time: '2024-03-05T10:00:00.000Z',
  MarketplaceID: 'demo',
  OperationID: 'Orders.Submit',
  Kind: 'Action',
  ResourceType: 'Orders',
  ResourceID: 'o1',
  ParentIDs: [],
  Actor: { ID: 'buyer-user', Username: 'bob.buyer', Type: 'Buyer', CompanyID: 'b1' },
  ClientID: 'storefront',
  ImpersonatorID: null,
  RequestID: 'req-9',
  Changes: [{ Path: 'Status', Old: 'Unsubmitted', New: 'Open' }],
  LastState: null,
};

describe('the Activity page', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks with the filters in the URL and links each record to its item and user', async () => {
    const { platform, router } = renderAdminPage(
      '/admin/activity?UserID=buyer-user&From=2024-03-05T09:00',
      <ActivityPage />,
      {
        answers: { '/change-history': { Items: [RECORD], Meta: { PageSize: 20, NextPageKey: null } } },
      },
    );
    expect(await screen.findByRole('link', { name: 'o1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'o1' }).getAttribute('href')).toBe('/admin/orders/all/o1');
    expect(screen.getByRole('link', { name: 'bob.buyer' }).getAttribute('href')).toBe(
      '/admin/buyers/b1/users/buyer-user',
    );
    const call = platformCalls(platform).find((candidate) => candidate.url.pathname.endsWith('/change-history'));
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      UserID: 'buyer-user',
      From: '2024-03-05T09:00:00.000Z',
    });
    expect((screen.getByRole('textbox', { name: 'User ID' }) as HTMLInputElement).value).toBe('buyer-user');

    fireEvent.change(screen.getByRole('textbox', { name: 'API client ID' }), { target: { value: 'storefront' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?UserID=buyer-user&From=2024-03-05T09%3A00&ClientID=storefront'),
    );
  });

  it('says there is nothing when no record matches', async () => {
    renderAdminPage('/admin/activity?UserID=nobody', <ActivityPage />, {
      answers: { '/change-history': { Items: [], Meta: { PageSize: 20, NextPageKey: null } } },
    });
    expect(await screen.findByText('No changes match these filters.')).toBeTruthy();
  });
});
