import type { JobDefinition } from '../jobs/job-queue.ts';
import type { Db } from '../db/database.ts';
import { listActiveOrganizationTenants } from '../identity/tenant-queries.ts';
import type { PlatformClient } from './platform-client.ts';
import { Problem } from './problems.ts';

export const NO_PRODUCTION_MARKETPLACE =
  'Your organization has no Production marketplace to restore from. Add one before running the staging restore.';
export const SEVERAL_PRODUCTION_MARKETPLACES =
  'Your organization has more than one Production marketplace, so the one to restore from is not clear.';

/** One Staging marketplace and the Production marketplace of the same organization it is restored from. */
export interface RestorePair {
  organizationId: string;
  stagingId: string;
  productionId: string;
}

/**
 * Every organization's Staging marketplaces paired with its one Production marketplace. The platform knows
 * marketplaces but not organizations, the identity knows tenants but not environments: the tenants name the
 * marketplaces (system id) and the platform says which environment each is. An organization with no
 * Production marketplace, or several, gets no pair (its `skipped` reason says why).
 */
export async function restorePairs(
  db: Db,
  platform: PlatformClient,
  organizationId?: string,
): Promise<{ pairs: RestorePair[]; skipped: { organizationId: string; reason: string }[] }> {
  const tenants = await listActiveOrganizationTenants(db, organizationId);
  const environments = new Map<string, string>();
  for (const systemId of new Set(tenants.map((tenant) => tenant.systemId))) {
    try {
      environments.set(systemId, (await platform.getMarketplace(systemId)).Environment);
    } catch (error) {
      // A tenant whose marketplace is gone cannot be a source or a target; the others still pair.
      if (!(error instanceof Problem && error.status === 404)) throw error;
    }
  }
  const byOrganization = new Map<string, typeof tenants>();
  for (const tenant of tenants) {
    byOrganization.set(tenant.organizationId, [...(byOrganization.get(tenant.organizationId) ?? []), tenant]);
  }
  const pairs: RestorePair[] = [];
  const skipped: { organizationId: string; reason: string }[] = [];
  for (const [organization, own] of byOrganization) {
    const ids = (environment: string) => [
      ...new Set(own.map((tenant) => tenant.systemId).filter((id) => environments.get(id) === environment)),
    ];
    const staging = ids('Staging');
    if (staging.length === 0) continue;
    const production = ids('Production');
    if (production.length !== 1) {
      skipped.push({
        organizationId: organization,
        reason: production.length === 0 ? NO_PRODUCTION_MARKETPLACE : SEVERAL_PRODUCTION_MARKETPLACES,
      });
      continue;
    }
    for (const stagingId of staging)
      pairs.push({ organizationId: organization, stagingId, productionId: production[0]! });
  }
  return { pairs, skipped };
}

/**
 * The weekly staging restore (spec 1 §2: a POST follows each Sunday's restore): every Staging marketplace is
 * restored from its organization's Production marketplace at 02:00 UTC on Sunday, one after the other (each in
 * its own transaction), and its post-restore webhook notified. `platform` is read when the job runs: the part
 * builds its client from the configuration when it starts.
 */
export function weeklyStagingRestoreJob(platform: () => PlatformClient | undefined): JobDefinition {
  return {
    name: 'portal-staging-restore-weekly',
    cron: '0 2 * * 0',
    async run(_data, { database, logger }) {
      const client = platform();
      if (!client) throw new Error('The portal part has not started: no platform client for the staging restore.');
      const { pairs, skipped } = await restorePairs(database.db, client);
      for (const skip of skipped) logger.warn(skip, 'staging restore skipped');
      const restored = [];
      for (const pair of pairs) {
        try {
          restored.push(await client.restoreStaging(pair.stagingId, pair.productionId));
        } catch (error) {
          // One organization's failure must not stop the others' restores.
          logger.error({ err: error, ...pair }, 'staging restore failed');
        }
      }
      return { restored: restored.length, failed: pairs.length - restored.length, skipped: skipped.length };
    },
  };
}
