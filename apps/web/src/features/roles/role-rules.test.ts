import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { fixtureDocument } from '@/description/test-fixtures';
import type { Grants, RoleGroupInput } from '@/services/portal';
import {
  allowedRoles,
  canEditRoleGroups,
  canManageMembers,
  errorSummaryTitle,
  formField,
  isEmail,
  validateRoleGroup,
} from './role-rules';

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
const group: RoleGroupInput = { Id: 'custom-group-2', Name: 'Catalog team', OcRoles: ['FullAccess'], ...noGrants };
const allowed = ['FullAccess', 'ProductAdmin', 'InventoryAdmin'];

describe('allowedRoles', () => {
  it('reads the security profile roles enum and adds InventoryAdmin, sorted', () => {
    expect(allowedRoles(buildApiDescription(fixtureDocument()))).toEqual([
      'AdminUserAdmin',
      'ApiClientAdmin',
      'FullAccess',
      'InventoryAdmin',
    ]);
  });
});

describe('validateRoleGroup', () => {
  it('accepts a complete group', () => {
    expect(validateRoleGroup(group, allowed)).toEqual([]);
  });

  it('requires a name and limits its length', () => {
    expect(validateRoleGroup({ ...group, Name: '  ' }, allowed)).toEqual([
      { field: 'Name', message: 'Name is required' },
    ]);
    expect(validateRoleGroup({ ...group, Name: 'x'.repeat(101) }, allowed)).toEqual([
      { field: 'Name', message: 'Name must not exceed 100 characters' },
    ]);
  });

  it('names every role that is not allowed', () => {
    expect(validateRoleGroup({ ...group, OcRoles: ['FullAccess', 'Bogus', 'Other'] }, allowed)).toEqual([
      { field: 'OcRoles', message: 'Not allowed roles: Bogus, Other' },
    ]);
  });

  it('requires an id and all eight grants', () => {
    const broken = { ...group, Id: '', SyncAdmin: undefined } as unknown as RoleGroupInput;
    expect(validateRoleGroup(broken, allowed)).toEqual([
      { field: 'Id', message: 'Id is required' },
      { field: 'SyncAdmin', message: 'SyncAdmin is required' },
    ]);
  });
});

describe('permissions', () => {
  it('lets RoleGroupsAdmin holders and organization admins edit, everyone else only view', () => {
    expect(canEditRoleGroups({ ScPermissionGrants: noGrants, IsOrganizationAdmin: false })).toBe(false);
    expect(canEditRoleGroups({ ScPermissionGrants: noGrants, IsOrganizationAdmin: true })).toBe(true);
    expect(
      canEditRoleGroups({ ScPermissionGrants: { ...noGrants, RoleGroupsAdmin: true }, IsOrganizationAdmin: false }),
    ).toBe(true);
  });

  it('leaves membership to organization admins', () => {
    expect(canManageMembers({ IsOrganizationAdmin: false })).toBe(false);
    expect(canManageMembers({ IsOrganizationAdmin: true })).toBe(true);
  });
});

describe('helpers', () => {
  it('maps indexed server fields to form controls', () => {
    expect(formField('OcRoles[2]')).toBe('OcRoles');
    expect(formField('Name')).toBe('Name');
  });

  it('summarises one or several errors', () => {
    expect(errorSummaryTitle([{ field: 'Name', message: 'Name is required' }])).toBe('Name is required');
    expect(
      errorSummaryTitle([
        { field: 'Name', message: 'a' },
        { field: 'Id', message: 'b' },
      ]),
    ).toBe('2 errors need to be resolved.');
  });

  it('checks emails', () => {
    expect(isEmail('viewer@demo.example')).toBe(true);
    expect(isEmail('viewer')).toBe(false);
  });
});
