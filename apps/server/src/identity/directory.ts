import { and, asc, eq } from 'drizzle-orm';
import type { OrganizationRole } from '@portal/contracts';
import type { Db } from '../db/database.ts';
import { memberships, organizations, tenants, users } from './db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

/** Emails are stored lower-case (a check constraint holds it), so every lookup normalises first. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

export async function updateUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

export async function updateUserPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export interface Membership {
  organization: OrganizationRow;
  roles: OrganizationRole[];
}

/** The user's organizations, the one they joined first leading (it is the default at sign-in). */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({ organization: organizations, role: memberships.role, joined: memberships.createdAt })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.id));
  const byOrganization = new Map<string, Membership>();
  for (const row of rows) {
    const entry = byOrganization.get(row.organization.id) ?? { organization: row.organization, roles: [] };
    entry.roles.push(row.role as OrganizationRole);
    byOrganization.set(row.organization.id, entry);
  }
  return [...byOrganization.values()];
}

/** An organization's tenants, oldest first (the first one is the default at sign-in). */
export function tenantsOf(db: Db, organizationId: string): Promise<TenantRow[]> {
  return db
    .select()
    .from(tenants)
    .where(eq(tenants.organizationId, organizationId))
    .orderBy(asc(tenants.createdAt), asc(tenants.id));
}

export async function findTenant(db: Db, organizationId: string, id: string): Promise<TenantRow | undefined> {
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.organizationId, organizationId), eq(tenants.id, id)));
  return tenant;
}

/** The organization and tenant a sign-in is for, with the user's roles there. */
export interface TenantContext {
  organization: OrganizationRow;
  tenant: TenantRow;
  roles: OrganizationRole[];
}

export type TenantSelection = { ok: true; context: TenantContext } | { ok: false; message: string };

export interface TenantRequest {
  /** Organization id the portal asked for (`organization` authorization parameter). */
  organization?: string | undefined;
  /** Tenant name the portal asked for (`tenantName` authorization parameter). */
  tenantName?: string | undefined;
}

/**
 * Decides which organization and tenant a sign-in is for: the requested ones when the user is a
 * member and the organization owns the tenant, otherwise the user's first organization and its
 * first active tenant. A refusal carries the message the sign-in page shows.
 */
export async function resolveTenantSelection(db: Db, userId: string, request: TenantRequest): Promise<TenantSelection> {
  const organizationId = request.organization?.trim() || undefined;
  const tenantName = request.tenantName?.trim() || undefined;
  const all = await membershipsOf(db, userId);
  if (all.length === 0) {
    return refuse('Your account does not belong to any organization yet. Ask your organization administrator.');
  }
  let candidates = all;
  if (organizationId) {
    candidates = all.filter((membership) => membership.organization.id === organizationId);
    if (candidates.length === 0) {
      return refuse(
        `Your account is not a member of the organization "${organizationId}". ` +
          'Sign in with another account or choose one of your own organizations.',
      );
    }
  }
  for (const membership of candidates) {
    const owned = await tenantsOf(db, membership.organization.id);
    const tenant = tenantName
      ? owned.find((candidate) => candidate.name === tenantName)
      : owned.find((candidate) => candidate.state === 'Active');
    if (tenant?.state === 'Inactive') {
      return refuse(`The tenant "${tenant.displayName}" is inactive. Ask your organization administrator.`);
    }
    if (tenant)
      return { ok: true, context: { organization: membership.organization, tenant, roles: membership.roles } };
  }
  const organizationName = candidates[0]?.organization.name ?? organizationId;
  if (tenantName) {
    return refuse(
      organizationId
        ? `The organization "${organizationName}" has no tenant named "${tenantName}". Choose another tenant.`
        : `None of your organizations has a tenant named "${tenantName}". Choose another tenant.`,
    );
  }
  return refuse(
    organizationId
      ? `The organization "${organizationName}" has no active tenant. Ask your organization administrator.`
      : 'None of your organizations has an active tenant. Ask your organization administrator.',
  );
}

const refuse = (message: string): TenantSelection => ({ ok: false, message });
