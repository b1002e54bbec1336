import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Item } from '../engine/item.ts';
import type { CompletedCall } from '../resources/types.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { recordDeliveries, type NewDelivery } from './deliveries.ts';
import type { DeliveryQueue } from './jobs.ts';
import { webhookTargets } from './targets.ts';

/** `v1/products/{productID}` and `/V1/Products/{id}/` name the same route: compared without case or parameter names. */
export function routeKey(route: string): string {
  return route
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^v1\//i, '')
    .replace(/\{[^}]*\}/g, '{}')
    .toLowerCase();
}

/** Fields of a request body that are never passed on (a user's password as it was typed). */
const WITHHELD_FIELDS = new Set(['Password', 'NewPassword', 'ClientSecret']);

function withheld(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body ?? null;
  return Object.fromEntries(
    Object.entries(body as Item).map(([name, value]) => [name, WITHHELD_FIELDS.has(name) ? null : value]),
  );
}

function queryParams(query: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params[name] = Array.isArray(value) ? value.map(String).join(',') : String(value);
  }
  return params;
}

/**
 * The payload of a post-hook webhook, in the public platform's shape. Its `Date` is data for the
 * receiver, compared with no deadline, so it may come from this process's clock.
 */
export function webhookPayload(webhook: Item, call: CompletedCall, now = new Date()): Item {
  return {
    Route: `v1${call.path}`,
    RouteParams: call.params,
    QueryParams: queryParams(call.query),
    Verb: call.method,
    Date: now.toISOString(),
    LogID: randomUUID(),
    UserToken: call.token,
    Request: { Body: withheld(call.body) },
    Response: { Body: call.result ?? null },
    ConfigData: webhook.ConfigData ?? null,
  };
}

/** Whether a post-hook webhook listens to this call: through one of its API clients, on one of its routes. */
export function webhookMatches(webhook: Item, call: CompletedCall): boolean {
  if (webhook.BeforeProcessRequest === true) return false;
  const clients = Array.isArray(webhook.ApiClientIDs) ? webhook.ApiClientIDs.map(String) : [];
  if (!clients.includes(call.auth.clientId)) return false;
  const key = routeKey(call.path);
  const routes = Array.isArray(webhook.WebhookRoutes) ? (webhook.WebhookRoutes as Item[]) : [];
  return routes.some(
    (route) =>
      typeof route?.Route === 'string' &&
      routeKey(route.Route) === key &&
      String(route.Verb ?? '').toUpperCase() === call.method,
  );
}

/**
 * After a successful write (POST, PUT, PATCH, DELETE): every post-hook webhook of the marketplace
 * naming the route, verb and caller's API client gets the payload, at its Url or through its
 * delivery configuration. Recording is part of the call; sending is a job, so a slow receiver never
 * slows the call. A failure here is logged and never fails the call that already succeeded.
 */
export function createWebhookTriggers(db: Db, queue: DeliveryQueue, onError: (error: unknown) => void) {
  return async function afterOperation(_operationId: string, marketplaceId: string, call?: CompletedCall) {
    if (!call || call.method === 'GET') return;
    try {
      const store = new PgStore(db, platformRegistry, marketplaceId);
      const hooks = (await store.find('Webhooks', [])).map((stored) => stored.item);
      const firing = hooks.filter((hook) => webhookMatches(hook, call));
      if (firing.length === 0) return;
      const deliveries: NewDelivery[] = [];
      for (const hook of firing) {
        const configId = typeof hook.DeliveryConfigID === 'string' ? hook.DeliveryConfigID : '';
        const config = configId ? await store.get('DeliveryConfigurations', [], configId) : undefined;
        const payload = webhookPayload(hook, call);
        for (const target of webhookTargets(hook, config)) {
          deliveries.push({
            marketplaceId,
            source: 'Webhook',
            sourceId: String(hook.ID),
            payloadKind: `${call.method} ${String(payload.Route)}`,
            target,
            payload,
          });
        }
      }
      await queue(await recordDeliveries(db, deliveries));
    } catch (error) {
      onError(error);
    }
  };
}
