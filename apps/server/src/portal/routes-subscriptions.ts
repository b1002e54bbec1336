import type { FastifyInstance } from 'fastify';
import { requireGrant } from './access.ts';
import { callerOf } from './auth.ts';
import { acceptTrigger, type Captcha } from './captcha.ts';
import { listAnswer, passedOn, triggerBody } from './route-schemas.ts';
import type { PortalServices } from './services.ts';
import { requireHosted } from './marketplace/require-hosted.ts';

/** Spec 1 §2 "Subscription tools": what someone without SubscriptionAdmin is told. */
export const SUBSCRIPTIONS_NOT_AUTHORIZED =
  'You are not authorized to trigger the subscription integration job. Please contact your organization administrator to adjust your permissions.';

/**
 * `POST /processsubscriptions` (spec 1 §7): SubscriptionAdmin, the body's `id` the caller's subject,
 * a captcha solved for this request (single use); the platform counts the hourly limit (400 past it)
 * and queues the run, answering HourlyJobsRemaining. `GET /subscriptionruns` lists the recent runs.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, services: PortalServices, captcha: Captcha): void {
  const { db, platform } = services;
  void app.register(async (subscriptions) => {
    subscriptions.addHook('preHandler', requireHosted(services, 'Subscription processing'));
    subscriptions.addHook('preHandler', requireGrant(db, 'SubscriptionAdmin', SUBSCRIPTIONS_NOT_AUTHORIZED));

    subscriptions.post<{ Body: { id?: string } }>(
      '/processsubscriptions',
      { schema: { body: triggerBody(), response: { 202: passedOn } } },
      async (request, reply) => {
        const caller = callerOf(request);
        await acceptTrigger(captcha, request.body, caller.subject);
        const result = await platform.processSubscriptions(caller.tenantName, caller.email);
        request.log.info({ runId: result.RunID, by: caller.subject }, 'subscription job triggered');
        return reply.code(202).send(result);
      },
    );

    subscriptions.get('/subscriptionruns', { schema: { response: { 200: listAnswer } } }, async (request) =>
      platform.listSubscriptionRuns(callerOf(request).tenantName),
    );
  });
}
