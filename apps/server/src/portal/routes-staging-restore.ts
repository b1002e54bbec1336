import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, type PortalCaller } from './auth.ts';
import { captchaToken, type Captcha } from './captcha.ts';
import { portalUserOf } from './portal-user.ts';
import { forbidden, notFound, Problem } from './problems.ts';
import type { PortalServices } from './services.ts';
import { NO_PRODUCTION_MARKETPLACE, restorePairs } from './staging-restore-source.ts';

/** Spec 1 §2 "Staging restore": what someone without StagingRestoreAdmin is told. */
export const STAGING_NOT_AUTHORIZED =
  'You are not authorized to trigger the staging restore webhook. Please contact your organization administrator to adjust your permissions.';

export const STAGING_ONLY = 'Staging restore is available for Staging marketplaces only.';

export const STAGING_NEEDS_ORG_ADMIN =
  'Editing, deleting and testing the post-restore webhook needs an organization administrator.';

/**
 * The post-restore webhook (spec 1 §2, §6, §7): viewing needs StagingRestoreAdmin; saving, deleting
 * and testing also need an organization admin. The platform refuses every environment but Staging
 * (404) and checks the fields (URL and HashKey required).
 */
export function registerStagingRestoreRoutes(
  app: FastifyInstance,
  { db, platform }: PortalServices,
  captcha: Captcha,
): void {
  async function allowed(request: FastifyRequest, change: boolean): Promise<PortalCaller> {
    const caller = callerOf(request);
    const user = await portalUserOf(db, caller);
    if (!user.ScPermissionGrants.StagingRestoreAdmin) throw forbidden(STAGING_NOT_AUTHORIZED);
    if (change && !user.IsOrganizationAdmin) throw forbidden(STAGING_NEEDS_ORG_ADMIN);
    return caller;
  }

  app.get('/stagingrestorewebhook', async (request) => {
    const caller = await allowed(request, false);
    return platform.getStagingWebhook(caller.tenantName);
  });

  app.put('/stagingrestorewebhook', async (request) => {
    const caller = await allowed(request, true);
    const body = (request.body ?? {}) as Record<string, unknown>;
    return platform.saveStagingWebhook(caller.tenantName, { URL: body.URL, HashKey: body.HashKey });
  });

  app.delete('/stagingrestorewebhook', async (request, reply) => {
    const caller = await allowed(request, true);
    await platform.deleteStagingWebhook(caller.tenantName);
    return reply.code(204).send();
  });

  app.post('/stagingrestorewebhook/test', async (request) => {
    const caller = await allowed(request, true);
    return platform.testStagingWebhook(caller.tenantName);
  });

  // The restore now, so an operator sees it without waiting for Sunday: an org admin with StagingRestoreAdmin, on
  // a Staging marketplace, with a captcha answer used once. Everything is checked before the captcha is spent.
  app.post('/stagingrestore', async (request) => {
    const caller = await allowed(request, true);
    if ((await platform.getMarketplace(caller.tenantName)).Environment !== 'Staging') {
      throw notFound(STAGING_ONLY);
    }
    if (!caller.organizationId) throw notFound(NO_PRODUCTION_MARKETPLACE);
    const { pairs, skipped } = await restorePairs(db, platform, caller.organizationId);
    const pair = pairs.find((candidate) => candidate.stagingId === caller.tenantName);
    if (!pair) throw new Problem(409, skipped[0]?.reason ?? NO_PRODUCTION_MARKETPLACE);
    await captcha.verifyOnce(captchaToken(request.body));
    const summary = await platform.restoreStaging(pair.stagingId, pair.productionId);
    request.log.info({ ...summary, by: caller.subject }, 'staging restore run');
    return summary;
  });
}
