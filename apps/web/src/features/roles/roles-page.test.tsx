import { cleanup, render, screen } from '@testing-library/react';
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
};
const groups: RoleGroup[] = [
  { Id: 'full-access', Name: 'Full Access', OcRoles: ['FullAccess'], ...noGrants, RoleGroupsAdmin: true, Members: [] },
  { Id: 'custom-group-1', Name: 'Custom 1', OcRoles: [], ...noGrants, Members: ['dev@demo.example'] },
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
    expect(screen.getAllByRole('button', { name: /^Edit/ })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'No platform roles assigned' })).toBeTruthy();
  });
});
