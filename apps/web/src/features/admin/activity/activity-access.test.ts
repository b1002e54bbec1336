import { describe, expect, it } from 'vitest';
import type { Grants } from '@/services/portal';
import { canReadActivity } from './activity-access';

const none = {} as Grants;

describe('canReadActivity', () => {
  it('opens the page to organization admins and to the AuditReader grant only', () => {
    expect(canReadActivity({ IsOrganizationAdmin: true, ScPermissionGrants: none })).toBe(true);
    const auditor = { ...none, AuditReader: true } as Grants;
    expect(canReadActivity({ IsOrganizationAdmin: false, ScPermissionGrants: auditor })).toBe(true);
    const other = { ...none, SyncAdmin: true, RoleGroupsAdmin: true } as Grants;
    expect(canReadActivity({ IsOrganizationAdmin: false, ScPermissionGrants: other })).toBe(false);
    expect(canReadActivity({ IsOrganizationAdmin: false, ScPermissionGrants: none })).toBe(false);
  });
});
