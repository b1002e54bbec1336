import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import type { SearchIndex } from '@/services/portal';
import { RebuildProgress } from './rebuild-progress';

const build: SearchIndex = {
  IndexID: 'next',
  Type: 'Products',
  Status: 'Building',
  PercentComplete: 40,
  DateCreated: '2026-11-21T10:00:00Z',
  IsActiveIndex: false,
};

function renderProgress(index: SearchIndex | undefined) {
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RebuildProgress build={index} />
    </AppProvider>,
  );
}

describe('RebuildProgress', () => {
  afterEach(cleanup);

  it('waits for the build to appear, then shows its progress', () => {
    renderProgress(undefined);
    expect(screen.getByText('Rebuild requested; waiting for the build to start...')).toBeTruthy();
    cleanup();
    renderProgress(build);
    expect(screen.getByText('Rebuild in progress')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
  });

  it('ends with the final counts, or says the build failed', () => {
    const done = { DocumentCount: 536, RejectedCount: 4, BuildSeconds: 2.5, DateCompleted: '2026-11-21T10:00:03Z' };
    renderProgress({ ...build, ...done, Status: 'Ready', IsActiveIndex: true, PercentComplete: 100 });
    expect(screen.getByText('Rebuild finished: the new index is active.')).toBeTruthy();
    expect(screen.getByText('536 indexed, 4 rejected, in 2.5 s')).toBeTruthy();
    cleanup();
    renderProgress({ ...build, ...done, Status: 'Failed' });
    expect(screen.getByText('Rebuild ended Failed.')).toBeTruthy();
  });
});
