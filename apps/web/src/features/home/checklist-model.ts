import { canCallAny, checklistStepState, type ChecklistStepState, type SecuredOperation } from '@/access/access';
import type { QueryParams } from '@/services/http';

/** One step of the API-access checklist: what it counts and which operation completes it (spec 1 §2, §7). */
export interface ChecklistStepDefinition {
  key: string;
  title: string;
  /** The list operation whose count tells whether the step is done; reading it needs its roles. */
  readOperationId: string;
  /** The create or assignment operation the step deep links to in the console. */
  createOperationId: string;
  /** The platform list path below /v1 that is counted with pageSize=1. */
  countPath: string;
  countQuery?: QueryParams;
}

/** The five steps in the order a new marketplace needs them. */
export const CHECKLIST_STEPS: readonly ChecklistStepDefinition[] = [
  {
    key: 'admin-user',
    title: 'Create an admin user',
    readOperationId: 'AdminUsers.List',
    createOperationId: 'AdminUsers.Create',
    countPath: '/adminusers',
  },
  {
    key: 'admin-user-group',
    title: 'Create an admin user group',
    readOperationId: 'AdminUserGroups.List',
    createOperationId: 'AdminUserGroups.Create',
    countPath: '/usergroups',
  },
  {
    key: 'group-assignment',
    title: 'Assign a user to a group',
    readOperationId: 'AdminUserGroups.ListUserAssignments',
    createOperationId: 'AdminUserGroups.SaveUserAssignment',
    countPath: '/usergroups/assignments',
  },
  {
    key: 'security-profile',
    title: 'Create a security profile',
    readOperationId: 'SecurityProfiles.List',
    createOperationId: 'SecurityProfiles.Create',
    countPath: '/securityprofiles',
  },
  {
    key: 'security-profile-assignment',
    title: 'Assign a security profile to a group',
    readOperationId: 'SecurityProfiles.ListAssignments',
    createOperationId: 'SecurityProfiles.SaveAssignment',
    countPath: '/securityprofiles/assignments',
    // Only group-level assignments of the marketplace owner's (seller's) groups count (spec 1 §7).
    countQuery: { level: 'Group', commerceRole: 'Seller' },
  },
];

/** The list operations whose read access shows the checklist (spec 1 §2 "Home dashboard cards"). */
export const CHECKLIST_GATE_OPERATION_IDS = [
  'ApiClients.List',
  'AdminUsers.List',
  'AdminUserGroups.List',
  'SecurityProfiles.List',
] as const;

/** Finds an operation's security by id; the API description in the app, a plain map in tests. */
export type OperationLookup = (operationId: string) => SecuredOperation | undefined;

/** What the checklist card renders for one step. */
export interface ChecklistStepView extends ChecklistStepState {
  key: string;
  title: string;
  /** Null while loading, when unreadable or when the count call failed. */
  count: number | null;
  /** Console deep link without the kept query; AppLink adds organization and tenantName. */
  href: string;
}

/**
 * Whether the dashboard shows the checklist: the user may read at least one of API clients, admin users, admin
 * user groups or security profiles.
 *
 * @example
 * showChecklist(['AdminUserReader'], (id) => getOperation(api, id)); // true
 */
export function showChecklist(roles: readonly string[], lookup: OperationLookup): boolean {
  return canCallAny(roles, CHECKLIST_GATE_OPERATION_IDS.map(lookup));
}

/**
 * The console deep link of an operation, e.g. `/console?resourceId=AdminUsers&operationId=AdminUsers.Create`.
 *
 * @example
 * consoleLink('SecurityProfiles.SaveAssignment'); // '/console?resourceId=SecurityProfiles&operationId=SecurityProfiles.SaveAssignment'
 */
export function consoleLink(operationId: string): string {
  const resourceId = operationId.split('.')[0] ?? operationId;
  return `/console?${new URLSearchParams({ resourceId, operationId }).toString()}`;
}

/**
 * The checklist steps with their state, from the roles and the counts known so far (keyed by step key).
 *
 * @example
 * checklistSteps(roles, lookup, { 'admin-user': 2 })[0]; // { status: 'completed', href: '/console?...', ... }
 */
export function checklistSteps(
  roles: readonly string[],
  lookup: OperationLookup,
  counts: Readonly<Record<string, number | null | undefined>>,
): ChecklistStepView[] {
  return CHECKLIST_STEPS.map((step) => {
    const state = checklistStepState({
      roles,
      count: counts[step.key],
      readOperation: lookup(step.readOperationId),
      createOperation: lookup(step.createOperationId),
    });
    const count = state.canRead ? (counts[step.key] ?? null) : null;
    return { ...state, key: step.key, title: step.title, count, href: consoleLink(step.createOperationId) };
  });
}
