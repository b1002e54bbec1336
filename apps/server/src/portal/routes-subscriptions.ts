import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, type PortalCaller } from './auth.ts';
import { captchaToken, type Captcha } from './captcha.ts';
import { portalUserOf } from './portal-user.ts';
import { badRequest, forbidden } from './problems.ts';
import type { PortalServices } from './services.ts';

/** Spec 1 §2 "Subscription tools": what someone without SubscriptionAdmin is told. */
export const SUBSCRIPTIONS_NOT_AUTHORIZED =
  'You are not authorized to trigger the subscription integration job. Please contact your organization administrator to adjust your permissions.';

/**
 * `POST /processsubscriptions` (spec 1 §7): SubscriptionAdmin, the body's `id` the caller's subject,
 * a captcha solved for this request (single use); the platform counts the hourly limit (400 past it)
 * and queues the run, answering HourlyJobsRemaining. `GET /subscriptionruns` lists the recent runs.
 */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  { db, platform }: PortalServices,
  captcha: Captcha,
): void {
  async function subscriptionAdmin(request: FastifyRequest): Promise<PortalCaller> {
    const caller = callerOf(request);
    if (!(await portalUserOf(db, caller)).ScPermissionGrants.SubscriptionAdmin) {
      throw forbidden(SUBSCRIPTIONS_NOT_AUTHORIZED);
    }
    return caller;
  }

  app.post('/processsubscriptions', async (request, reply) => {
    const caller = await subscriptionAdmin(request);
    const body = request.body as { id?: unknown } | undefined;
    if (body?.id !== undefined && body.id !== caller.subject) {
      throw badRequest("id must be the signed-in user's subject.", [
        { field: 'id', message: 'Not the signed-in user.' },
      ]);
    }
    await captcha.verifyOnce(captchaToken(request.body));
    const result = await platform.processSubscriptions(caller.tenantName, caller.email);
    request.log.info({ runId: result.RunID, by: caller.subject }, 'subscription job triggered');
    return reply.code(202).send(result);
  });

  app.get('/subscriptionruns', async (request) => {
    const caller = await subscriptionAdmin(request);
    return platform.listSubscriptionRuns(caller.tenantName);
  });
}
