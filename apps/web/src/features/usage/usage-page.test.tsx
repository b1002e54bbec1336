import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { USAGE_EVENT_NAMES } from '@portal/contracts';
import { createQueryClient } from '@/lib/query-client';
import type { UsageReport } from './usage-api';
import { UsagePage } from './usage-page';

const zero = Object.fromEntries(USAGE_EVENT_NAMES.map((name) => [name, 0])) as UsageReport['Weeks'][number]['Counts'];
const report: UsageReport = {
  Features: [...USAGE_EVENT_NAMES],
  Weeks: [
    { Week: '2026-W47', Start: '2026-11-16', Users: 2, Counts: { ...zero, 'console.send': 7, 'page.view': 30 } },
    { Week: '2026-W48', Start: '2026-11-23', Users: 1, Counts: { ...zero, 'console.send': 3 } },
  ],
};
const useUsage = vi.fn((_weeks: number) => ({ data: report, isPending: false, isError: false, error: null }));

// The data hook is replaced so no request leaves the test.
vi.mock('./usage-api', () => ({ useUsage: (weeks: number) => useUsage(weeks), WEEK_CHOICES: [4, 8, 12, 26] }));

function renderPage(isOrganizationAdmin: boolean) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <TestPortal value={{ ...base, me: { ...base.me, IsOrganizationAdmin: isOrganizationAdmin } }}>
          <UsagePage />
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

describe('UsagePage', () => {
  afterEach(() => {
    cleanup();
    useUsage.mockClear();
  });

  it('shows each feature per week, this week last, and the active users', () => {
    renderPage(true);
    expect(useUsage).toHaveBeenCalledWith(8);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Feature', 'Week 4716 Nov 2026', 'Week 4823 Nov 2026']);
    expect(
      within(rowOf('API console requests'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '3']);
    expect(
      within(rowOf('Page views'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['30', '0']);
    expect(
      within(rowOf('Active users'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1']);
  });

  it('shows a user who is not an organization admin no usage and asks for none', () => {
    renderPage(false);
    expect(screen.getByRole('heading', { level: 1, name: "You don't have access to product usage" })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(useUsage).not.toHaveBeenCalled();
  });
});
