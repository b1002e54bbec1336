import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants, RoleGroup } from '@/services/portal';
import { RolesPage, VIEW_ONLY_TEXT } from './roles-page';

const noGrants: Grants = {
  ImpersonateBuyer: false,
  ImpersonateSeller: false,
  ImpersonateSupplier: false,
  IndexAdmin: false,
  SyncAdmin: false,
  StagingRestoreAdmin: false,
  SubscriptionAdmin: false,
  RoleGroupsAdmin: false,
  AuditReader: false,
};
const groups: RoleGroup[] = [
  { Id: 'full-access', Name: 'Full Access', OcRoles: ['FullAccess'], ...noGrants, RoleGroupsAdmin: true, Members: [] },
  { Id: 'custom-group-1', Name: 'Custom 1', OcRoles: [], ...noGrants, Members: ['dev@demo.example'] },
  {
    Id: 'custom-group-2',
    Name: 'Readers',
    OcRoles: Array.from({ length: 12 }, (_, index) => `Reader${String(index + 1).padStart(2, '0')}`),
    ...noGrants,
    Members: [],
  },
];

// The page's data hooks are replaced so no request leaves the test.
vi.mock('./roles-api', () => ({
  useRoleGroups: () => ({ data: { Items: groups }, isPending: false, isError: false }),
  useSaveRoleGroup: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useMembership: () => ({ add: {}, remove: {} }),
}));

function renderPage(me: Partial<ReturnType<typeof testPortalContext>['me']>) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={{ ...base, me: { ...base.me, ...me } }}>
        <RolesPage />
      </TestPortal>
    </AppProvider>,
  );
}

describe('RolesPage', () => {
  afterEach(cleanup);

  it('is view-only without RoleGroupsAdmin or organization admin', () => {
    renderPage({ IsOrganizationAdmin: false, ScPermissionGrants: noGrants });
    expect(screen.getByText(VIEW_ONLY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.getByText('Custom 1')).toBeTruthy();
  });

  it('offers Edit per group to organization admins and marks groups without platform roles', () => {
    renderPage({ IsOrganizationAdmin: true, ScPermissionGrants: noGrants });
    expect(screen.queryByText(VIEW_ONLY_TEXT)).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Edit/ })).toHaveLength(3);
    expect(screen.getByRole('img', { name: 'No platform roles assigned' })).toBeTruthy();
  });

  it("names each group's platform roles as tags, the rest of a long list behind Show all", () => {
    renderPage({ IsOrganizationAdmin: true, ScPermissionGrants: noGrants });
    const fullAccess = screen.getByRole('list', { name: 'Platform roles of Full Access' });
    expect(
      within(fullAccess)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['FullAccess']);
    const readers = screen.getByRole('list', { name: 'Platform roles of Readers' });
    expect(within(readers).getByText('Reader10')).toBeTruthy();
    expect(within(readers).queryByText('Reader11')).toBeNull();
    act(() => within(readers).getByRole('button', { name: 'Show all 12' }).click());
    expect(within(readers).getByText('Reader12')).toBeTruthy();
    expect(within(readers).getByRole('button', { name: 'Show fewer' })).toBeTruthy();
  });
});
