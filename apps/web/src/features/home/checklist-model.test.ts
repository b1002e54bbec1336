import { describe, expect, it } from 'vitest';
import { CHECKLIST_NOTICES, type SecuredOperation } from '@/access/access';
import { checklistSteps, consoleLink, showChecklist, type OperationLookup } from './checklist-model';

// A description reduced to what the checklist reads: each operation's roles.
const OPERATIONS: Record<string, SecuredOperation> = {
  'ApiClients.List': { roles: ['ApiClientAdmin', 'ApiClientReader'] },
  'AdminUsers.List': { roles: ['AdminUserAdmin', 'AdminUserReader'] },
  'AdminUsers.Create': { roles: ['AdminUserAdmin'] },
  'AdminUserGroups.List': { roles: ['AdminUserGroupAdmin', 'AdminUserGroupReader'] },
  'AdminUserGroups.Create': { roles: ['AdminUserGroupAdmin'] },
  'AdminUserGroups.ListUserAssignments': { roles: ['AdminUserGroupAdmin', 'AdminUserGroupReader'] },
  'AdminUserGroups.SaveUserAssignment': { roles: ['AdminUserGroupAdmin'] },
  'SecurityProfiles.List': { roles: ['SecurityProfileAdmin', 'SecurityProfileReader'] },
  'SecurityProfiles.Create': { roles: ['SecurityProfileAdmin'] },
  'SecurityProfiles.ListAssignments': { roles: ['SecurityProfileAdmin', 'SecurityProfileReader'] },
  'SecurityProfiles.SaveAssignment': { roles: ['SecurityProfileAdmin'] },
};
const lookup: OperationLookup = (id) => OPERATIONS[id];

describe('showChecklist', () => {
  it('shows for a reader of any access resource and hides otherwise', () => {
    expect(showChecklist(['FullAccess'], lookup)).toBe(true);
    expect(showChecklist(['ApiClientReader'], lookup)).toBe(true);
    expect(showChecklist(['SecurityProfileReader'], lookup)).toBe(true);
    expect(showChecklist(['ProductAdmin'], lookup)).toBe(false);
    expect(showChecklist([], lookup)).toBe(false);
  });
});

describe('checklistSteps', () => {
  it('lists the five steps with console deep links to their create or assignment operation', () => {
    const steps = checklistSteps(['FullAccess'], lookup, {});
    expect(steps.map((step) => step.title)).toEqual([
      'Create an admin user',
      'Create an admin user group',
      'Assign a user to a group',
      'Create a security profile',
      'Assign a security profile to a group',
    ]);
    expect(steps.map((step) => step.href)).toEqual([
      '/console?resourceId=AdminUsers&operationId=AdminUsers.Create',
      '/console?resourceId=AdminUserGroups&operationId=AdminUserGroups.Create',
      '/console?resourceId=AdminUserGroups&operationId=AdminUserGroups.SaveUserAssignment',
      '/console?resourceId=SecurityProfiles&operationId=SecurityProfiles.Create',
      '/console?resourceId=SecurityProfiles&operationId=SecurityProfiles.SaveAssignment',
    ]);
  });

  it('is completed above a count of 0 and pending at 0 or while unknown', () => {
    const steps = checklistSteps(['FullAccess'], lookup, { 'admin-user': 4, 'admin-user-group': 0 });
    expect(steps.map((step) => [step.status, step.count])).toEqual([
      ['completed', 4],
      ['pending', 0],
      ['pending', null],
      ['pending', null],
      ['pending', null],
    ]);
    expect(steps.every((step) => !step.disabled && step.notice === null)).toBe(true);
  });

  it('disables steps without create permission and explains why', () => {
    const [adminUser, group] = checklistSteps(['AdminUserReader'], lookup, { 'admin-user': 2, 'admin-user-group': 1 });
    expect(adminUser).toMatchObject({ status: 'completed', disabled: true, notice: CHECKLIST_NOTICES.cannotComplete });
    // Unreadable counts never complete a step and are not shown.
    expect(group).toMatchObject({ status: 'pending', count: null, canRead: false, disabled: true });
  });

  it('says a step cannot be viewed when only its create operation is allowed', () => {
    const restricted: OperationLookup = (id) => (id === 'AdminUsers.List' ? { roles: ['Nobody'] } : OPERATIONS[id]);
    const [adminUser] = checklistSteps(['AdminUserAdmin'], restricted, { 'admin-user': 3 });
    expect(adminUser).toMatchObject({ status: 'pending', disabled: false, notice: CHECKLIST_NOTICES.cannotView });
  });

  it('builds console links from any operation id', () => {
    expect(consoleLink('Me.Get')).toBe('/console?resourceId=Me&operationId=Me.Get');
  });
});
