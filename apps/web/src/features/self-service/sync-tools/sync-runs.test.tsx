import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { SyncRuns } from './sync-runs';
import type { Delivery, SyncRun } from './sync-types';

const data = vi.hoisted(() => ({ runs: [] as SyncRun[], deliveries: [] as Delivery[], polled: [] as boolean[] }));
vi.mock('./sync-api', () => ({
  useSyncRuns: () => ({ data: data.runs, isPending: false, isError: false }),
  useRunDeliveries: (_id: string, running: boolean) => {
    data.polled.push(running);
    return { data: data.deliveries, isPending: false, isError: false };
  },
}));

const run = (overrides: Partial<SyncRun>): SyncRun => ({
  ID: 'run-1',
  Entity: 'Products',
  Kind: 'Product',
  Parameters: { CatalogID: 'outdoor', RequestedBy: 'owner@demo.example' },
  Status: 'Delivering',
  ItemCount: 144,
  BatchCount: 2,
  Deliveries: { Total: 4, Delivered: 1, Failed: 0, NotDelivered: 1, Pending: 2 },
  ItemsDelivered: 100,
  Error: null,
  RequestedBy: 'owner@demo.example',
  DateCreated: '2026-11-25T19:00:00Z',
  DateCompleted: null,
  ...overrides,
});

const delivery: Delivery = {
  ID: 'd1',
  PayloadKind: 'Products batch 1 of 2',
  TargetKind: 'Http',
  Target: 'https://receiver.example/sync',
  Status: 'Delivered',
  ItemCount: 100,
  Attempts: 1,
  LastStatusCode: 202,
  LastDurationMs: 31,
  LastError: null,
  DateCreated: '2026-11-25T19:00:01Z',
};

function renderRuns() {
  render(
    <AppProvider queryClient={createQueryClient()}>
      <SyncRuns />
    </AppProvider>,
  );
}

describe('Recent sync runs', () => {
  afterEach(() => {
    cleanup();
    data.polled = [];
  });

  it('shows a running run with its counts and the share of deliveries ended', () => {
    data.runs = [run({})];
    renderRuns();
    const item = screen.getByRole('listitem');
    expect(within(item).getByLabelText('Status: Delivering')).toBeTruthy();
    expect(within(item).getByText('CatalogID: outdoor')).toBeTruthy();
    expect(item.textContent).toContain('144 read in 2 batches, 100 delivered');
    expect(item.textContent).toContain('1 delivered, 0 failed, 1 not delivered, 2 pending');
    const progress = within(item).getByRole('progressbar', { name: 'Products sync progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows no progress once the run ended, and its deliveries with the response code on demand', () => {
    data.runs = [
      run({ Status: 'Completed', Deliveries: { Total: 2, Delivered: 2, Failed: 0, NotDelivered: 0, Pending: 0 } }),
    ];
    data.deliveries = [delivery];
    renderRuns();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show deliveries' }));
    const table = screen.getByRole('region', { name: 'Deliveries of Products' });
    expect(within(table).getByRole('cell', { name: '202' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Products batch 1 of 2 (100 items)' })).toBeTruthy();
    // A finished run's deliveries are read once, not polled.
    expect(data.polled).toEqual([false]);
  });
});
