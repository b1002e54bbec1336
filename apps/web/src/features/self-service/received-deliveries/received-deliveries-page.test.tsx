import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedDetail, ReceivedSummary } from '@portal/contracts';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants } from '@/services/portal';
import { when } from '../recent/recent-section';
import { ReceivedDeliveriesPage } from './received-deliveries-page';
import { RECEIVED_TEXTS } from './received-model';

// The data hooks are replaced so no request leaves the test.
const data = vi.hoisted(() => ({
  items: [] as ReceivedSummary[],
  details: {} as Record<string, ReceivedDetail>,
  listEnabled: [] as boolean[],
  opened: [] as string[],
}));
vi.mock('./received-api', () => ({
  useReceivedDeliveries: (enabled: boolean) => {
    data.listEnabled.push(enabled);
    return {
      data: { Items: data.items, Meta: { ReceiverUrl: 'http://localhost:4000/receiver/demo-sandbox', Kept: 200 } },
      isPending: false,
      isError: false,
      error: null,
    };
  },
  useReceivedDetail: (id: string) => {
    data.opened.push(id);
    return { data: data.details[id], isPending: false, isError: false, error: null };
  },
}));

const batch: ReceivedSummary = {
  ID: '7',
  DateReceived: '2026-11-25T19:00:01.000Z',
  Method: 'POST',
  Kind: 'Sync',
  Summary: 'Products, batch 1 (last), 2 items',
  DeliveryID: 'delivery-7',
  Outcome: 'Accepted',
  ResponseStatus: 200,
  BodyBytes: 2048,
  BodyTruncated: false,
};

function renderPage(SyncAdmin = true) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <TestPortal value={{ ...base, me: { ...base.me, ScPermissionGrants: { SyncAdmin } as Grants } }}>
          <ReceivedDeliveriesPage />
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('Received deliveries', () => {
  afterEach(() => {
    cleanup();
    data.items = [];
    data.listEnabled = [];
    data.opened = [];
  });

  it('lists each request with its time, kind, delivery id and the answer; the body only when opened', () => {
    data.items = [{ ...batch, ID: '8', DeliveryID: 'delivery-7', Outcome: 'Duplicate' }, batch];
    data.details['7'] = {
      ...batch,
      Headers: { 'x-delivery-id': 'delivery-7' },
      Body: JSON.stringify({ Entity: 'Products', Items: [{ ID: 'tent-2p' }] }),
    };
    renderPage();
    expect(screen.getByText('http://localhost:4000/receiver/demo-sandbox')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Received deliveries' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Duplicate, answered 200 (already received)');
    const item = items[1] as HTMLElement;
    expect(item.textContent).toContain('Sync');
    expect(item.textContent).toContain('Products, batch 1 (last), 2 items');
    expect(item.textContent).toContain('delivery-7');
    expect(item.textContent).toContain('Accepted, answered 200');
    expect(item.textContent).toContain('2.0 KB');
    expect(within(item).getByText(when(batch.DateReceived))).toBeTruthy();
    expect(data.opened).toEqual([]);
    const show = within(item).getByRole('button', { name: 'Show body' });
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(data.opened).toContain('7');
    expect(within(item).getByLabelText('Received body').textContent).toContain('"tent-2p"');
    expect(item.textContent).toContain('x-delivery-id: delivery-7');
  });

  it('says how to fill it when nothing has arrived', () => {
    renderPage();
    expect(screen.getByText(RECEIVED_TEXTS.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Run a sync' }).getAttribute('href')).toBe('/self-service/sync-tools');
  });

  it('tells a user without SyncAdmin that they are not authorized, and reads nothing', () => {
    renderPage(false);
    expect(screen.getByText(RECEIVED_TEXTS.unauthorized)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(data.listEnabled.every((enabled) => !enabled)).toBe(true);
  });
});
