import { GRANTS, type Grant, type Grants } from '@portal/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { memberships, roleGroups } from './db/schema.ts';

/** The six role groups every marketplace has, in the order the roles page lists them. */
export const ROLE_GROUP_IDS = [
  'full-access',
  'admin',
  'custom-group-1',
  'custom-group-2',
  'custom-group-3',
  'custom-group-4',
] as const;
export type RoleGroupId = (typeof ROLE_GROUP_IDS)[number];
export const isRoleGroupId = (value: unknown): value is RoleGroupId =>
  typeof value === 'string' && (ROLE_GROUP_IDS as readonly string[]).includes(value);

/** The portal's grants, declared once for the service and the web app; offered here beside the role groups. */
export { GRANTS, type Grant, type Grants } from '@portal/contracts';

/** A role group as the API shows and accepts it. */
export interface RoleGroup extends Grants {
  Id: RoleGroupId;
  Name: string;
  OcRoles: string[];
}

const grantsOf = (value: boolean): Grants => Object.fromEntries(GRANTS.map((grant) => [grant, value])) as Grants;

export const NO_GRANTS: Grants = grantsOf(false);
export const ALL_GRANTS: Grants = grantsOf(true);

/**
 * What a marketplace starts with. Full Access: every platform role and every grant. Admin: every
 * platform role and the administration grants, but no impersonation, which is granted on purpose
 * (acting as a buyer or supplier places real orders in their name). Both manage role groups
 * (spec 1 §6). The four custom groups start empty for the organization to shape.
 */
export const DEFAULT_ROLE_GROUPS: readonly RoleGroup[] = [
  { Id: 'full-access', Name: 'Full Access', OcRoles: ['FullAccess'], ...ALL_GRANTS },
  {
    Id: 'admin',
    Name: 'Admin',
    OcRoles: ['FullAccess'],
    ...ALL_GRANTS,
    ImpersonateBuyer: false,
    ImpersonateSeller: false,
    ImpersonateSupplier: false,
  },
  ...([1, 2, 3, 4] as const).map((n): RoleGroup => ({
    Id: `custom-group-${n}`,
    Name: `Custom Group ${n}`,
    OcRoles: [],
    ...NO_GRANTS,
  })),
];

type Row = typeof roleGroups.$inferSelect;
type Columns = Omit<typeof roleGroups.$inferInsert, 'marketplaceId' | 'id' | 'name' | 'ocRoles' | 'updatedAt'>;

/** Which column stores which grant. */
const GRANT_COLUMNS: Record<Grant, keyof Columns> = {
  ImpersonateBuyer: 'impersonateBuyer',
  ImpersonateSeller: 'impersonateSeller',
  ImpersonateSupplier: 'impersonateSupplier',
  IndexAdmin: 'indexAdmin',
  SyncAdmin: 'syncAdmin',
  StagingRestoreAdmin: 'stagingRestoreAdmin',
  SubscriptionAdmin: 'subscriptionAdmin',
  RoleGroupsAdmin: 'roleGroupsAdmin',
  AuditReader: 'auditReader',
};

function toRoleGroup(row: Row): RoleGroup {
  const grants = Object.fromEntries(GRANTS.map((grant) => [grant, row[GRANT_COLUMNS[grant]] === true])) as Grants;
  return { Id: row.id as RoleGroupId, Name: row.name, OcRoles: [...row.ocRoles], ...grants };
}

function toRow(marketplaceId: string, group: RoleGroup) {
  const columns = Object.fromEntries(GRANTS.map((grant) => [GRANT_COLUMNS[grant], group[grant]])) as Required<Columns>;
  return { marketplaceId, id: group.Id, name: group.Name, ocRoles: [...new Set(group.OcRoles)], ...columns };
}

const byFixedOrder = (a: RoleGroup, b: RoleGroup) => ROLE_GROUP_IDS.indexOf(a.Id) - ROLE_GROUP_IDS.indexOf(b.Id);

/** Inserts the default groups a marketplace lacks; existing groups are left as they are. */
export async function insertDefaultRoleGroups(
  db: Db,
  marketplaceId: string,
  groups: readonly RoleGroup[] = DEFAULT_ROLE_GROUPS,
): Promise<void> {
  await db
    .insert(roleGroups)
    .values(groups.map((group) => toRow(marketplaceId, group)))
    .onConflictDoNothing();
}

/** The six groups of a marketplace, created with their defaults on first use. */
export async function listRoleGroups(db: Db, marketplaceId: string): Promise<RoleGroup[]> {
  const read = async () =>
    (await db.select().from(roleGroups).where(eq(roleGroups.marketplaceId, marketplaceId)))
      .filter((row) => isRoleGroupId(row.id))
      .map(toRoleGroup)
      .sort(byFixedOrder);
  const groups = await read();
  if (groups.length === ROLE_GROUP_IDS.length) return groups;
  await insertDefaultRoleGroups(db, marketplaceId);
  return read();
}

export async function getRoleGroup(db: Db, marketplaceId: string, id: RoleGroupId): Promise<RoleGroup> {
  const groups = await listRoleGroups(db, marketplaceId);
  const group = groups.find((candidate) => candidate.Id === id);
  // listRoleGroups always yields all six ids, so this only fails if the table was tampered with.
  if (!group) throw new Error(`Role group ${id} of ${marketplaceId} is missing after creating the defaults.`);
  return group;
}

/** Replaces a group's name, roles and grants; returns it as stored. */
export async function saveRoleGroup(db: Db, marketplaceId: string, group: RoleGroup): Promise<RoleGroup> {
  await listRoleGroups(db, marketplaceId);
  const { marketplaceId: _m, id: _i, ...changes } = toRow(marketplaceId, group);
  const [row] = await db
    .update(roleGroups)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(roleGroups.marketplaceId, marketplaceId), eq(roleGroups.id, group.Id)))
    .returning();
  if (!row) throw new Error(`Role group ${group.Id} of ${marketplaceId} vanished while saving.`);
  return toRoleGroup(row);
}

/** Member emails per group id, sorted. */
export async function listMembers(
  db: Db,
  marketplaceId: string,
  groupId?: RoleGroupId,
): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ groupId: memberships.roleGroupId, email: memberships.email })
    .from(memberships)
    .where(
      groupId
        ? and(eq(memberships.marketplaceId, marketplaceId), eq(memberships.roleGroupId, groupId))
        : eq(memberships.marketplaceId, marketplaceId),
    )
    .orderBy(asc(memberships.email));
  const members = new Map<string, string[]>();
  for (const row of rows) members.set(row.groupId, [...(members.get(row.groupId) ?? []), row.email]);
  return members;
}

/** The groups a user (lower-cased email) is in. */
export async function groupsOfMember(db: Db, marketplaceId: string, email: string): Promise<RoleGroup[]> {
  const ids = await db
    .select({ id: memberships.roleGroupId })
    .from(memberships)
    .where(and(eq(memberships.marketplaceId, marketplaceId), eq(memberships.email, email)));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(roleGroups)
    .where(
      and(
        eq(roleGroups.marketplaceId, marketplaceId),
        inArray(
          roleGroups.id,
          ids.map((row) => row.id),
        ),
      ),
    );
  return rows.map(toRoleGroup).sort(byFixedOrder);
}

export async function addMember(db: Db, marketplaceId: string, groupId: RoleGroupId, email: string): Promise<void> {
  // The membership's foreign key needs the group row.
  await listRoleGroups(db, marketplaceId);
  await db.insert(memberships).values({ marketplaceId, roleGroupId: groupId, email }).onConflictDoNothing();
}

export async function removeMember(db: Db, marketplaceId: string, groupId: RoleGroupId, email: string): Promise<void> {
  await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.marketplaceId, marketplaceId),
        eq(memberships.roleGroupId, groupId),
        eq(memberships.email, email),
      ),
    );
}
