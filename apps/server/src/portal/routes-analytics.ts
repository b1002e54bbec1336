import { USAGE_EVENT_NAMES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf, type PortalCaller } from './auth.ts';
import {
  forwardUsageBatch,
  recordUsageEvents,
  RETENTION_WEEKS,
  usageByWeek,
  type UsageEvent,
  type UsageReporter,
} from './analytics-store.ts';
import { forbidden } from './problems.ts';
import type { PortalServices } from './services.ts';

/** Events in one batch at most: the web app sends every few seconds, far fewer. */
export const MAX_BATCH_EVENTS = 50;
/** Facts per event at most, and how long each may be. */
export const MAX_EVENT_PROPS = 6;
export const MAX_PROP_LENGTH = 200;

/**
 * A batch of events. Names come from the allow-list; props are a few short texts under plain names. An `@` is
 * refused in any value, so no email address (or anything shaped like one) is stored.
 */
const eventsBody = {
  type: 'object',
  required: ['events'],
  additionalProperties: false,
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_EVENTS,
      items: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', enum: USAGE_EVENT_NAMES },
          props: {
            type: 'object',
            maxProperties: MAX_EVENT_PROPS,
            propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$' },
            additionalProperties: { type: 'string', maxLength: MAX_PROP_LENGTH, pattern: '^[^@]*$' },
          },
        },
      },
    },
  },
} as const;

const usageAnswer = {
  type: 'object',
  required: ['Weeks', 'Features'],
  properties: {
    Features: { type: 'array', items: { type: 'string' } },
    Weeks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Week', 'Start', 'Users', 'Counts'],
        properties: {
          Week: { type: 'string' },
          Start: { type: 'string' },
          Users: { type: 'integer' },
          Counts: { type: 'object', additionalProperties: { type: 'integer' } },
        },
      },
    },
  },
} as const;

/** The organization a caller's events belong to; a token without one is kept apart per marketplace. */
export function reporterOf(caller: PortalCaller): UsageReporter {
  return {
    organizationId: caller.organizationId ?? `marketplace:${caller.tenantName}`,
    marketplaceId: caller.tenantName,
    userId: caller.subject,
  };
}

const NOT_ORGANIZATION_ADMIN = 'Only organization admins and owners can see the product usage of the organization.';

/**
 * `GET /analytics/settings` (whether the web app reports at all), `POST /analytics/events` (any signed-in portal
 * user; 204) and `GET /analytics/usage?weeks=` (organization admins: counts per feature and distinct users per ISO
 * week). With ANALYTICS off the events are answered 204 and dropped.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, { db }: PortalServices): void {
  const { analyticsEnabled, analyticsForwardUrl } = app.config;

  app.get('/analytics/settings', async () => ({ Enabled: analyticsEnabled }));

  app.post<{ Body: { events: UsageEvent[] } }>(
    '/analytics/events',
    { schema: { body: eventsBody } },
    async (request, reply) => {
      if (!analyticsEnabled) return reply.code(204).send();
      const reporter = reporterOf(callerOf(request));
      const { events } = request.body;
      await recordUsageEvents(db, reporter, events);
      if (analyticsForwardUrl) void forwardUsageBatch(analyticsForwardUrl, reporter, events, request.log);
      return reply.code(204).send();
    },
  );

  void app.register(async (admins) => {
    // Organization owners and admins, as the sign-in's organization roles say (the same rule as `GET /me`).
    admins.addHook('preHandler', async (request) => {
      if (!callerOf(request).isOrganizationAdmin) throw forbidden(NOT_ORGANIZATION_ADMIN);
    });
    admins.get<{ Querystring: { weeks?: number } }>(
      '/analytics/usage',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { weeks: { type: 'integer', minimum: 1, maximum: RETENTION_WEEKS } },
          },
          response: { 200: usageAnswer },
        },
      },
      async (request) => {
        const weeks = await usageByWeek(db, reporterOf(callerOf(request)).organizationId, request.query.weeks ?? 8);
        return { Features: USAGE_EVENT_NAMES, Weeks: weeks };
      },
    );
  });
}
