import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, type PortalCaller } from './auth.ts';
import { portalUserOf } from './portal-user.ts';
import { forbidden } from './problems.ts';
import type { PortalServices } from './services.ts';

/** Spec 1 §2 "Staging restore": what someone without StagingRestoreAdmin is told. */
export const STAGING_NOT_AUTHORIZED =
  'You are not authorized to trigger the staging restore webhook. Please contact your organization administrator to adjust your permissions.';

export const STAGING_NEEDS_ORG_ADMIN =
  'Editing, deleting and testing the post-restore webhook needs an organization administrator.';

/**
 * The post-restore webhook (spec 1 §2, §6, §7): viewing needs StagingRestoreAdmin; saving, deleting
 * and testing also need an organization admin. The platform refuses every environment but Staging
 * (404) and checks the fields (URL and HashKey required).
 */
export function registerStagingRestoreRoutes(app: FastifyInstance, { db, platform }: PortalServices): void {
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
}
