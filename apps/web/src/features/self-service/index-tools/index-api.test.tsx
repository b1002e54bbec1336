import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchIndex, SearchIndexError } from '@/services/portal';
import { useIndexErrors } from './index-api';

// The portal client is replaced: each call answers what the platform holds at that moment.
const platform = vi.hoisted(() => ({ errors: [] as SearchIndexError[], calls: 0 }));
vi.mock('@/services/portal', () => ({
  createPortalClient: () => ({
    listSearchIndexErrors: async () => {
      platform.calls += 1;
      return { SearchIndexErrors: platform.errors };
    },
  }),
}));

function ErrorCount({ index }: { index: SearchIndex }) {
  const errors = useIndexErrors(index, false);
  return <p>{errors.isPending ? 'loading' : `${errors.data?.length ?? 0} errors`}</p>;
}

const building: SearchIndex = {
  IndexID: 'new',
  Type: 'Products',
  Status: 'Building',
  PercentComplete: 40,
  DateCreated: '2026-11-20T10:00:00Z',
  DateCompleted: null,
  IsActiveIndex: false,
  TotalCount: null,
  DocumentCount: null,
  RejectedCount: null,
  BuildSeconds: null,
};
const rejected = (ThingID: string): SearchIndexError => ({ ThingID, FailedOn: '2026-11-20T10:00:02Z', ErrorText: 'x' });

describe('useIndexErrors', () => {
  afterEach(cleanup);

  it("reads the errors again when the card's index finishes its build with rejected documents", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const view = (index: SearchIndex) => (
      <QueryClientProvider client={client}>
        <ErrorCount index={index} />
      </QueryClientProvider>
    );
    platform.calls = 0;
    platform.errors = [];
    const { rerender } = render(view(building));
    await screen.findByText('0 errors');

    // The build ends: the list now says Ready with 4 rejected, and the platform holds their errors.
    platform.errors = ['p1', 'p2', 'p3', 'p4'].map(rejected);
    rerender(
      view({
        ...building,
        Status: 'Ready',
        IsActiveIndex: true,
        RejectedCount: 4,
        DateCompleted: '2026-11-20T10:00:05Z',
      }),
    );
    await waitFor(() => expect(screen.getByText('4 errors')).toBeTruthy());
    expect(platform.calls).toBe(2);
  });

  it('keeps what it read while the index is unchanged', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    platform.calls = 0;
    platform.errors = [rejected('p1')];
    const view = (
      <QueryClientProvider client={client}>
        <ErrorCount index={{ ...building, Status: 'Ready', RejectedCount: 1 }} />
      </QueryClientProvider>
    );
    const { rerender } = render(view);
    await screen.findByText('1 errors');
    rerender(view);
    expect(platform.calls).toBe(1);
  });
});
