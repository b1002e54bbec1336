import type { FastifyInstance } from 'fastify';
import { requireGrant, requirePortalUser } from './access.ts';
import { callerOf } from './auth.ts';
import { captchaToken, type Captcha } from './captcha.ts';
import { notFound, Problem } from './problems.ts';
import { optionalText, passedOn, triggerBody } from './route-schemas.ts';
import type { PortalServices } from './services.ts';
import { requireHosted } from './marketplace/require-hosted.ts';
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
export function registerStagingRestoreRoutes(app: FastifyInstance, services: PortalServices, captcha: Captcha): void {
  const { db, platform } = services;
  void app.register(async (staging) => {
    staging.addHook('preHandler', requireHosted(services, 'Staging restore'));
    staging.addHook('preHandler', requireGrant(db, 'StagingRestoreAdmin', STAGING_NOT_AUTHORIZED));

    staging.get('/stagingrestorewebhook', { schema: { response: { 200: passedOn } } }, async (request) =>
      platform.getStagingWebhook(callerOf(request).tenantName),
    );

    // Changing the webhook or restoring also needs an organization admin.
    void staging.register(async (changes) => {
      changes.addHook(
        'preHandler',
        requirePortalUser(db, (user) => user.IsOrganizationAdmin, STAGING_NEEDS_ORG_ADMIN),
      );

      changes.put<{ Body: { URL?: string; HashKey?: string } }>(
        '/stagingrestorewebhook',
        {
          schema: {
            // Which fields are required is the platform's to say; here only their shape and size.
            body: { type: 'object', properties: { URL: optionalText(2_000), HashKey: optionalText(200) } },
            response: { 200: passedOn },
          },
        },
        async (request) =>
          platform.saveStagingWebhook(callerOf(request).tenantName, {
            URL: request.body.URL,
            HashKey: request.body.HashKey,
          }),
      );

      changes.delete('/stagingrestorewebhook', async (request, reply) => {
        await platform.deleteStagingWebhook(callerOf(request).tenantName);
        return reply.code(204).send();
      });

      changes.post('/stagingrestorewebhook/test', { schema: { response: { 200: passedOn } } }, async (request) =>
        platform.testStagingWebhook(callerOf(request).tenantName),
      );

      // The restore now, so an operator sees it without waiting for Sunday: on a Staging marketplace, with a captcha
      // answer used once. Everything is checked before the captcha is spent.
      changes.post(
        '/stagingrestore',
        { schema: { body: triggerBody(), response: { 200: passedOn } } },
        async (request) => {
          const caller = callerOf(request);
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
        },
      );
    });
  });
}
