import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { tenants } from './db/schema.ts';

/*
 * Tenant rows other parts write (issue 21): a marketplace an organization connects is a tenant like a hosted one,
 * so it appears in the tenant choice at sign-in and in the tenant switcher. The portal calls these inside its own
 * transaction (a drizzle transaction has the Db interface), so the connected row and the tenant row come and go
 * together.
 */

export interface ConnectedTenant {
  /** The connected marketplace's id: also the tenant's id, name and system id (the portal's marketplace id). */
  id: string;
  organizationId: string;
  displayName: string;
}

/** Adds the tenant of a connected marketplace, active from the start. */
export async function addConnectedTenant(db: Db, tenant: ConnectedTenant): Promise<void> {
  await db.insert(tenants).values({
    id: tenant.id,
    organizationId: tenant.organizationId,
    name: tenant.id,
    displayName: tenant.displayName,
    systemId: tenant.id,
    state: 'Active',
  });
}

/** Gives the connected marketplace's tenant its new name; false when the organization has no such tenant. */
export async function renameConnectedTenant(
  db: Db,
  organizationId: string,
  id: string,
  displayName: string,
): Promise<boolean> {
  const renamed = await db
    .update(tenants)
    .set({ displayName })
    .where(and(eq(tenants.organizationId, organizationId), eq(tenants.name, id)))
    .returning({ id: tenants.id });
  return renamed.length > 0;
}

/** Removes the connected marketplace's tenant; false when there was none. */
export async function removeConnectedTenant(db: Db, organizationId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(tenants)
    .where(and(eq(tenants.organizationId, organizationId), eq(tenants.name, id)))
    .returning({ id: tenants.id });
  return removed.length > 0;
}
