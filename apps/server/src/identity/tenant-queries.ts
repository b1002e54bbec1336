// Read access to tenants for other parts (the inventory): every query is narrowed to the
// organizations the user belongs to, so a caller cannot forget the check.
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { memberships, tenants } from './db/schema.ts';
import type { TenantRow } from './directory.ts';

export type TenantState = 'Active' | 'Inactive';
export const TENANT_STATES: readonly TenantState[] = ['Active', 'Inactive'];

export interface TenantFilters {
  state?: TenantState | undefined;
  organizationId?: string | undefined;
  systemId?: string | undefined;
  /** Exact tenant name (the portal looks tenants up by the `tenantName` it signed in with). */
  name?: string | undefined;
}

export interface TenantPage {
  items: TenantRow[];
  totalCount: number;
}

function conditions(db: Db, userId: string, filters: TenantFilters): SQL[] {
  // A sub-select keeps the membership check inside the one query.
  const organizationsOfUser = db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const all: SQL[] = [inArray(tenants.organizationId, organizationsOfUser)];
  if (filters.state) all.push(eq(tenants.state, filters.state));
  if (filters.organizationId) all.push(eq(tenants.organizationId, filters.organizationId));
  if (filters.systemId) all.push(eq(tenants.systemId, filters.systemId));
  if (filters.name) all.push(eq(tenants.name, filters.name));
  return all;
}

/** One page of the tenants the user may see, oldest first. */
export async function listTenantsForUser(
  db: Db,
  userId: string,
  filters: TenantFilters,
  page: { pageNumber: number; pageSize: number },
): Promise<TenantPage> {
  const where = and(...conditions(db, userId, filters));
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(asc(tenants.createdAt), asc(tenants.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db.select({ total: count() }).from(tenants).where(where),
  ]);
  return { items, totalCount: totals[0]?.total ?? 0 };
}

/** The tenant with this id when the user belongs to its organization. */
export async function findTenantForUser(db: Db, userId: string, id: string): Promise<TenantRow | undefined> {
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, id), ...conditions(db, userId, {})));
  return tenant;
}

/** The portal address of a tenant: its own when set, else this server's portal signed in to it. */
export function tenantPortalUrl(publicUrl: string, tenant: Pick<TenantRow, 'organizationId' | 'name' | 'url'>): string {
  if (tenant.url) return tenant.url;
  const query = new URLSearchParams({ organization: tenant.organizationId, tenantName: tenant.name });
  return `${publicUrl}/?${query}`;
}

/**
 * The active tenants of one organization (or of every organization), for parts that act for an organization
 * rather than a user: the portal finds the Production marketplace a Staging restore copies from, and its
 * weekly job pairs every organization's Staging and Production tenants.
 */
export async function listActiveOrganizationTenants(db: Db, organizationId?: string): Promise<TenantRow[]> {
  const active = eq(tenants.state, 'Active');
  return db
    .select()
    .from(tenants)
    .where(organizationId ? and(active, eq(tenants.organizationId, organizationId)) : active)
    .orderBy(asc(tenants.organizationId), asc(tenants.createdAt), asc(tenants.id));
}
