import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { getStagingWebhook, notifyStagingWebhook } from '../delivery/staging-webhook.ts';
import { ApiError } from '../engine/errors.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * What a restore leaves as Staging has it: how people and systems reach Staging (API clients and
 * their secrets, security profiles, admin users and their groups, impersonation configs) and where
 * Staging sends things (webhooks, delivery configurations, integration events, the subscription
 * integration, message senders, OpenID Connects, tracking events). API client ids are unique across
 * the platform, so Production's could not be copied anyway; Staging's testers keep signing in as before.
 */
export const KEPT_RESOURCES = [
  'ApiClients',
  'SecurityProfiles',
  'ImpersonationConfigs',
  'AdminUsers',
  'AdminUserGroups',
  'Webhooks',
  'OpenIdConnects',
  'TrackingEvents',
  'DeliveryConfigurations',
  'IntegrationEvents',
  'MessageSenders',
  'SubscriptionIntegrations',
] as const;

/**
 * Assignments kept with them: API client and message sender assignments, admin user group members
 * (marketplace level) and security profile assignments at the marketplace and admin level. Buyer and
 * supplier level security profile assignments come from Production with its buyers and suppliers.
 */
const keptAssignment = sql`(kind IN ('ApiClientAssignment', 'MessageSenderAssignment')
  OR (kind = 'UserGroupAssignment' AND parent_key = '')
  OR (kind = 'SecurityProfileAssignment' AND coalesce(body->>'BuyerID', '') = '' AND coalesce(body->>'SupplierID', '') = ''))`;

const keptResource = sql`resource IN (${sql.join(
  KEPT_RESOURCES.map((name) => sql`${name}`),
  sql`, `,
)})`;

export interface RestoreSummary {
  StagingMarketplaceID: string;
  SourceMarketplaceID: string;
  DocumentsCopied: number;
  AssignmentsCopied: number;
  Notified: boolean;
}

async function environmentOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await rowsOf<{ environment: string }>(
    db,
    sql`SELECT environment FROM platform.marketplaces WHERE id = ${id} FOR UPDATE`,
  );
  return row?.environment;
}

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: string | number }>(db, query))[0]?.n ?? 0);

/**
 * Copies Production's data into Staging in ONE transaction: Staging's data (all but what it keeps)
 * is removed and Production's copied in, objects with their write-only values (buyer users sign in
 * with their Production passwords); Staging's search indexes start over (built by the upkeep job).
 * A process killed during it leaves Staging as it was. Then the saved post-restore webhook is
 * notified through the delivery engine.
 */
export async function restoreStaging(
  db: Db,
  stagingId: string,
  productionId: string,
  // Test only: runs inside the transaction once Staging's data is removed (the kill -9 test stops there).
  afterClear?: () => Promise<void>,
): Promise<RestoreSummary> {
  const copied = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    if ((await environmentOf(tx, stagingId)) !== 'Staging') {
      throw new ApiError(404, 'NotFound', 'Staging restore is available for Staging marketplaces only.');
    }
    if ((await environmentOf(tx, productionId)) !== 'Production') {
      throw new ApiError(400, 'StagingRestore.SourceNotProduction', 'A restore copies from a Production marketplace.', {
        SourceMarketplaceID: productionId,
      });
    }
    await tx.execute(sql`DELETE FROM platform.documents WHERE marketplace_id = ${stagingId} AND NOT ${keptResource}`);
    await tx.execute(
      sql`DELETE FROM platform.assignments WHERE marketplace_id = ${stagingId} AND NOT ${keptAssignment}`,
    );
    await tx.execute(
      sql`DELETE FROM platform.search_entries WHERE index_id IN (SELECT id FROM platform.search_indexes WHERE marketplace_id = ${stagingId})`,
    );
    await tx.execute(
      sql`DELETE FROM platform.search_index_errors WHERE index_id IN (SELECT id FROM platform.search_indexes WHERE marketplace_id = ${stagingId})`,
    );
    await tx.execute(sql`DELETE FROM platform.search_indexes WHERE marketplace_id = ${stagingId}`);
    await afterClear?.();
    await tx.execute(
      sql`INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body, secret)
          SELECT ${stagingId}, resource, parent_key, id, body, secret FROM platform.documents
          WHERE marketplace_id = ${productionId} AND NOT ${keptResource}`,
    );
    await tx.execute(
      sql`INSERT INTO platform.assignments (marketplace_id, kind, parent_key, key, body)
          SELECT ${stagingId}, kind, parent_key, key, body FROM platform.assignments
          WHERE marketplace_id = ${productionId} AND NOT ${keptAssignment}
          ON CONFLICT DO NOTHING`,
    );
    for (const type of ['Products', 'Orders']) {
      await tx.execute(
        sql`INSERT INTO platform.search_indexes (id, marketplace_id, type, status)
            VALUES (${randomUUID()}, ${stagingId}, ${type}, 'WaitingToBuild')`,
      );
    }
    return {
      documents: await count(
        tx,
        sql`SELECT count(*) AS n FROM platform.documents WHERE marketplace_id = ${stagingId} AND NOT ${keptResource}`,
      ),
      assignments: await count(
        tx,
        sql`SELECT count(*) AS n FROM platform.assignments WHERE marketplace_id = ${stagingId} AND NOT ${keptAssignment}`,
      ),
    };
  });
  const notified = (await getStagingWebhook(db, stagingId)) !== undefined;
  if (notified) {
    await notifyStagingWebhook(db, stagingId, {
      Event: 'StagingRestoreCompleted',
      Test: false,
      MarketplaceID: stagingId,
      SourceMarketplaceID: productionId,
      Date: new Date().toISOString(),
    });
  }
  return {
    StagingMarketplaceID: stagingId,
    SourceMarketplaceID: productionId,
    DocumentsCopied: copied.documents,
    AssignmentsCopied: copied.assignments,
    Notified: notified,
  };
}
