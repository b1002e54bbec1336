import { act, cleanup, render, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_CLAIMS } from '@/auth/claims';
import { setAnalyticsClient, type AnalyticsClient } from '@/lib/analytics';
import { AnalyticsPageTracker, useAnalyticsIdentify } from './analytics-tracking';
import { testPortalContext } from './portal/test-portal-context';

const recording = {
  identify: vi.fn<AnalyticsClient['identify']>(),
  page: vi.fn<AnalyticsClient['page']>(),
  track: vi.fn<AnalyticsClient['track']>(),
};
let previous: AnalyticsClient;

beforeEach(() => {
  previous = setAnalyticsClient(recording);
});

afterEach(() => {
  setAnalyticsClient(previous);
  recording.identify.mockReset();
  recording.page.mockReset();
  cleanup();
});

const { me, marketplace } = testPortalContext();
const claims = {
  sub: 'user-1',
  [PORTAL_CLAIMS.organizationId]: 'org-1',
  [PORTAL_CLAIMS.organizationType]: 'Partner',
  [PORTAL_CLAIMS.organizationAccountId]: 'acct-1',
  [PORTAL_CLAIMS.tenantName]: 'main',
};

describe('useAnalyticsIdentify', () => {
  it('waits for the data, then identifies once with user and organization', () => {
    const { rerender } = renderHook(
      (source: Parameters<typeof useAnalyticsIdentify>[0]) => useAnalyticsIdentify(source),
      {
        initialProps: null as Parameters<typeof useAnalyticsIdentify>[0],
      },
    );
    expect(recording.identify).not.toHaveBeenCalled();
    const source = { claims, me, marketplace, hostname: 'staging.portal.marketplace-portal.dev' };
    rerender(source);
    // A refetch hands over equal but new objects; that is not a new identity.
    rerender({ ...source, me: { ...me } });
    expect(recording.identify).toHaveBeenCalledTimes(1);
    expect(recording.identify).toHaveBeenCalledWith(
      { id: 'user-1', email: 'owner@demo.example', name: 'Olivia Owner' },
      { id: 'org-1', type: 'Partner', accountId: 'acct-1', tenantName: 'main', environment: 'staging' },
    );
  });
});

describe('AnalyticsPageTracker', () => {
  it('reports a page view per route change', async () => {
    const router = createMemoryRouter([{ path: '*', element: <AnalyticsPageTracker /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/roles?organization=acme'));
    expect(recording.page.mock.calls).toEqual([['/'], ['/roles']]);
  });
});
