import type { Item } from '../engine/item.ts';
import { validation } from '../engine/errors.ts';
import { pathParams } from '../engine/ids.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { text, type ModelDefinition } from './fields.ts';
import {
  USER_GROUP_SEARCHABLE,
  USER_GROUP_SORTABLE,
  USER_REQUIRED,
  USER_SEARCHABLE,
  USER_SORTABLE,
  userGroupAssignmentModel,
  userGroupModel,
  userModel,
  type PartyResourceNames,
} from './shared-models.ts';
import {
  assignmentKind,
  type AssignmentDefinition,
  type DeleteContext,
  type Reference,
  type ResourceDefinition,
  type ResourceHooks,
  type RoleSet,
  type SectionId,
  type WriteContext,
} from './types.ts';

type CompanyParam = 'buyerID' | 'supplierID';

/** Every resource that holds users: a username names one user in the whole marketplace. */
const USER_RESOURCES = ['AdminUsers', 'Users', 'SupplierUsers'] as const;

async function assertUsernameFree(context: WriteContext): Promise<void> {
  const username = context.next.Username;
  // An unchanged username was checked when it was set; skipping also keeps the user from matching itself.
  if (typeof username !== 'string' || username === context.previous?.Username) return;
  for (const resource of USER_RESOURCES) {
    const holders = await context.store.find(resource, undefined, { Username: username });
    if (holders.length > 0) {
      throw validation(
        'Username already exists in this marketplace.',
        { Username: username },
        'User.UsernameMustBeUnique',
      );
    }
  }
}

async function assertNotDefaultContextUser(context: DeleteContext): Promise<void> {
  const username = context.previous.Username;
  if (typeof username !== 'string') return;
  const clients = await context.store.find('ApiClients', [], { DefaultContextUserName: username });
  if (clients.length > 0) {
    throw validation(
      'The user is the default context user of an API client; change the client first.',
      { ApiClientIDs: clients.map((client) => client.id) },
      'User.CannotDeleteDefaultContextUser',
    );
  }
}

/**
 * Security profile and message sender assignments name users and groups without a declared
 * reference (the same field points at admin, buyer or supplier parties), so the engine's cascade
 * does not see them. They are removed with the party; otherwise a new user or group reusing the
 * ID would inherit the old one's roles.
 */
async function removePartyAssignments(
  context: DeleteContext,
  field: 'UserID' | 'UserGroupID',
  companyParam: CompanyParam | undefined,
): Promise<void> {
  const companyId = companyParam ? (context.params[companyParam] ?? '') : null;
  const match = {
    BuyerID: companyParam === 'buyerID' ? companyId : null,
    SupplierID: companyParam === 'supplierID' ? companyId : null,
    [field]: context.id,
  };
  await context.store.deleteAssignments('SecurityProfileAssignment', [], match);
  if (field === 'UserGroupID') await context.store.deleteAssignments('MessageSenderAssignment', [], match);
}

/**
 * Hooks shared by the three user resources. `companyParam` is the path parameter naming the
 * user's buyer or supplier; admin users (no parameter) belong to the marketplace itself.
 */
function userHooks(companyParam?: CompanyParam): ResourceHooks {
  return {
    async beforeWrite(context) {
      // CompanyID is read-only on the wire: it always follows where the user lives.
      context.next.CompanyID = companyParam ? context.params[companyParam] : context.marketplaceId;
      // A new password replaces the stored secret, lock time included (auth/lockout.ts): the count restarts too.
      const body = context.body as Record<string, unknown> | null | undefined;
      if (context.mode === 'create' || filled(body?.Password)) context.next.FailedLoginAttempts = 0;
      await assertUsernameFree(context);
    },
    async beforeDelete(context) {
      await assertNotDefaultContextUser(context);
      await removePartyAssignments(context, 'UserID', companyParam);
    },
  };
}

/** Hooks shared by the three user group resources; `companyParam` as for `userHooks`. */
function userGroupHooks(companyParam?: CompanyParam): ResourceHooks {
  return {
    async beforeDelete(context) {
      await removePartyAssignments(context, 'UserGroupID', companyParam);
    },
  };
}

/**
 * The `userGroupID` list parameter of a user resource: only the members of that group. The
 * memberships live under the same company as the users, so their parents come from the same
 * path parameters. An unknown group has no members and gives an empty list.
 */
function groupMembersScope(memberships: AssignmentDefinition): NonNullable<ResourceHooks['listScope']> {
  return async (context) => {
    const raw = context.query.userGroupID;
    const groupId = Array.isArray(raw) ? raw.at(-1) : raw;
    if (!filled(groupId)) return undefined;
    const parents = pathParams(memberships.path).map((name) => context.params[name] ?? '');
    const members = await context.store.findAssignments(assignmentKind(memberships), parents, { UserGroupID: groupId });
    return { ID: members.map((member) => member.UserID).filter(filled) };
  };
}

/** Names of the fields that place a party: its company and, when given, one of its users or groups. */
export interface PartyFields {
  buyer: string;
  supplier?: string;
  user?: string;
  group?: string;
}

/**
 * Checks that the user and group an item names exist in the company it names: a buyer's, a
 * supplier's or, with no company, the marketplace owner's (admin users and groups). A declared
 * reference cannot express this, as the resource depends on the company. With `ownerParties`
 * false a user or group must come with its company (message senders only serve buyers and suppliers).
 */
export async function requireParty(store: Store, item: Item, fields: PartyFields, ownerParties = true): Promise<void> {
  const buyerId = item[fields.buyer];
  const supplierId = fields.supplier ? item[fields.supplier] : undefined;
  if (filled(buyerId) && filled(supplierId)) {
    throw validation(
      'Cannot specify both a BuyerID and a SupplierID.',
      { Properties: [fields.buyer, fields.supplier] },
      'PartyAssignment.CannotSpecifyBuyerAndSupplier',
    );
  }
  const userId = fields.user ? item[fields.user] : undefined;
  const groupId = fields.group ? item[fields.group] : undefined;
  if (!filled(userId) && !filled(groupId)) return;
  let home: { users: string; groups: string; parents: string[] };
  if (filled(buyerId)) {
    // The company first, so a wrong BuyerID is reported as such rather than as a missing user.
    await store.require('Buyers', [], buyerId);
    home = { users: 'Users', groups: 'UserGroups', parents: [buyerId] };
  } else if (filled(supplierId)) {
    await store.require('Suppliers', [], supplierId);
    home = { users: 'SupplierUsers', groups: 'SupplierUserGroups', parents: [supplierId] };
  } else if (ownerParties) {
    home = { users: 'AdminUsers', groups: 'AdminUserGroups', parents: [] };
  } else {
    const property = filled(userId) ? fields.user : fields.group;
    throw validation(
      `${property} needs the ${[fields.buyer, fields.supplier].filter(Boolean).join(' or ')} of the company it belongs to.`,
      { Property: property },
    );
  }
  if (filled(userId)) await store.require(home.users, home.parents, userId);
  if (filled(groupId)) await store.require(home.groups, home.parents, groupId);
}

export interface UserFamilyOptions {
  section: SectionId;
  /** The path parameter naming the buyer or supplier the users belong to; none for the marketplace owner. */
  companyParam?: CompanyParam;
  users: PartyResourceNames;
  /** The groups; their memberships live at `{path}/assignments`, with the groups' roles. */
  groups: PartyResourceNames;
  /** Storage kind of the memberships when it must differ from the model name (see the callers). */
  membershipKind?: string;
}

/** The users and user groups of one kind of party, and the memberships that join them. */
export interface UserFamily {
  users: ResourceDefinition;
  groups: ResourceDefinition;
  memberships: AssignmentDefinition;
}

/**
 * The user-to-group memberships of a family's groups. Both sides are required, so it is not a
 * party assignment (no `parties`): it names exactly one user and one group, both of the company
 * in the path (if any).
 */
function membershipsOf({ companyParam, users, groups, membershipKind }: UserFamilyOptions): AssignmentDefinition {
  const reference = (resource: string): Reference =>
    companyParam ? { resource, parentFrom: [companyParam] } : { resource };
  return {
    model: userGroupAssignmentModel,
    requiredOnCreate: ['UserGroupID', 'UserID'],
    names: { list: 'ListUserAssignments', save: 'SaveUserAssignment', delete: 'DeleteUserAssignment' },
    path: `${groups.path}/assignments`,
    deletePath: `${groups.path}/{userGroupID}/assignments/{userID}`,
    deleteParams: { userGroupID: 'UserGroupID', userID: 'UserID' },
    listFilters: { userGroupID: 'UserGroupID', userID: 'UserID' },
    key: ['UserGroupID', 'UserID'],
    roles: groups.roles,
    references: { UserGroupID: reference(groups.name), UserID: reference(users.name) },
    noun: `${groups.noun} assignment`,
    ...(membershipKind ? { kind: membershipKind } : {}),
  };
}

/**
 * The user and user group resources of the marketplace owner, of buyers or of suppliers, with the
 * memberships that join them (published as the groups' `ListUserAssignments` and friends). The
 * three families differ only by names, paths and roles. A company's users can also be listed by
 * group (`userGroupID`).
 *
 * @example
 * const supplier = userFamily({ section: 'BuyersAndSuppliers', companyParam: 'supplierID',
 *   users: { name: 'SupplierUsers', path: '/suppliers/{supplierID}/users', noun: 'supplier user', ... },
 *   groups: { name: 'SupplierUserGroups', path: '/suppliers/{supplierID}/usergroups', ... } });
 */
export function userFamily(options: UserFamilyOptions): UserFamily {
  const { section, companyParam, users, groups } = options;
  const memberships = membershipsOf(options);
  return {
    users: {
      name: users.name,
      section,
      description: users.description,
      noun: { singular: users.noun, plural: `${users.noun}s` },
      path: users.path,
      idParam: 'userID',
      model: userModel,
      requiredOnCreate: USER_REQUIRED,
      roles: users.roles,
      searchable: USER_SEARCHABLE,
      sortable: USER_SORTABLE,
      ...(companyParam
        ? {
            listQuery: [
              { name: 'userGroupID', schema: text(), description: 'Only users who belong to this user group.' },
            ],
          }
        : {}),
      hooks: {
        ...userHooks(companyParam),
        ...(companyParam ? { listScope: groupMembersScope(memberships) } : {}),
      },
    },
    groups: {
      name: groups.name,
      section,
      description: groups.description,
      noun: { singular: groups.noun, plural: `${groups.noun}s` },
      path: groups.path,
      idParam: 'userGroupID',
      model: userGroupModel,
      requiredOnCreate: ['Name'],
      roles: groups.roles,
      searchable: USER_GROUP_SEARCHABLE,
      sortable: USER_GROUP_SORTABLE,
      assignments: [memberships],
      hooks: userGroupHooks(companyParam),
    },
    memberships,
  };
}

interface BuyerPartyOptions {
  /** The assignment model, e.g. AddressAssignment. */
  model: ModelDefinition;
  /** The assigned resource, its id field in the assignment and its id path parameter. */
  resource: string;
  idField: string;
  idParam: string;
  /** The resource's path segment under `/buyers/{buyerID}`. */
  segment: string;
  /** False where only groups (or the whole buyer) can hold the object, as with cost centers. */
  users: boolean;
  roles: RoleSet;
  noun: string;
  /** List filters beyond the ids, e.g. `isShipping`. */
  extraFilters?: Readonly<Record<string, string>>;
  hooks?: AssignmentDefinition['hooks'];
}

/**
 * An assignment of a buyer's object (address, cost center, credit card, spending account) to the
 * whole buyer, one of its user groups or one of its users. Everything lives under the buyer in the path.
 *
 * @example
 * buyerPartyAssignment({ model: costCenterAssignmentModel, resource: 'CostCenters', idField: 'CostCenterID',
 *   idParam: 'costCenterID', segment: 'costcenters', users: false, roles, noun: 'cost center assignment' })
 */
export function buyerPartyAssignment(options: BuyerPartyOptions): AssignmentDefinition {
  const base = `/buyers/{buyerID}/${options.segment}`;
  const inBuyer = (resource: string): Reference => ({ resource, parentFrom: ['buyerID'] });
  const party: Record<string, string> = options.users
    ? { userID: 'UserID', userGroupID: 'UserGroupID' }
    : { userGroupID: 'UserGroupID' };
  return {
    model: options.model,
    requiredOnCreate: [options.idField],
    path: `${base}/assignments`,
    deletePath: `${base}/{${options.idParam}}/assignments`,
    deleteParams: { [options.idParam]: options.idField },
    deleteQuery: party,
    listFilters: { [options.idParam]: options.idField, ...party, ...options.extraFilters },
    key: [options.idField, ...Object.values(party)],
    roles: options.roles,
    references: {
      [options.idField]: inBuyer(options.resource),
      ...(options.users ? { UserID: inBuyer('Users') } : {}),
      UserGroupID: inBuyer('UserGroups'),
    },
    parties: { user: options.users, group: true },
    noun: options.noun,
    ...(options.hooks ? { hooks: options.hooks } : {}),
  };
}
