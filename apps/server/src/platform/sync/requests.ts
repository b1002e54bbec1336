import { orderSyncDatesError } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { ApiError, validation } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { configTargets, type DeliveryTarget } from '../delivery/targets.ts';
import { platformRegistry } from '../resources/index.ts';
import { entityByRoute } from './metadata.ts';

/** What to sync: the kind, the entity, and the parameters the reader needs (all text). */
export interface SyncRequest {
  kind: 'Product' | 'Order' | 'Entity';
  entity: string;
  parameters: Record<string, string>;
}

const MAX_TEXT = 100;

function text(body: unknown, name: string, required: boolean): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw validation(`${name} is required.`, { Property: name });
    return undefined;
  }
  if (typeof value !== 'string') throw validation(`${name} must be text.`, { Property: name });
  if (value.length > MAX_TEXT) {
    throw validation(`${name} must be at most ${MAX_TEXT} characters.`, { Property: name, MaxLength: MAX_TEXT });
  }
  return value.trim();
}

const notFound = (objectType: string, objectId: string, message: string) =>
  new ApiError(404, 'NotFound', message, { ObjectType: objectType, ObjectID: objectId });

/** A product sync: CatalogID required and existing, CategoryID optional and existing in that catalog. */
export async function productSyncRequest(db: Db, marketplaceId: string, body: unknown): Promise<SyncRequest> {
  const catalogId = text(body, 'CatalogID', true) as string;
  const categoryId = text(body, 'CategoryID', false);
  const store = new PgStore(db, platformRegistry, marketplaceId);
  if (!(await store.get('Catalogs', [], catalogId))) {
    throw notFound('Catalog', catalogId, `Catalog ${catalogId} was not found in this marketplace.`);
  }
  if (categoryId && !(await store.get('Categories', [catalogId], categoryId))) {
    throw notFound('Category', categoryId, `Category ${categoryId} was not found in catalog ${catalogId}.`);
  }
  return {
    kind: 'Product',
    entity: 'Products',
    parameters: { CatalogID: catalogId, ...(categoryId ? { CategoryID: categoryId } : {}) },
  };
}

function date(body: unknown, name: string): Date | undefined {
  const value = text(body, name, false);
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw validation(`${name} must be a date and time.`, { Property: name });
  return parsed;
}

/** An order sync: submitted orders, optionally from StartDate and up to EndDate (start not after end, not in the future). */
export function orderSyncRequest(body: unknown, now = new Date()): SyncRequest {
  const start = date(body, 'StartDate');
  const end = date(body, 'EndDate');
  const refused = orderSyncDatesError(start, end, now);
  if (refused) throw validation(refused, { Property: 'StartDate' });
  return {
    kind: 'Order',
    entity: 'Orders',
    parameters: {
      ...(start ? { StartDate: start.toISOString() } : {}),
      ...(end ? { EndDate: end.toISOString() } : {}),
    },
  };
}

/** An entity sync of the entity at `entitysync/{segment}`: its required attributes given, its parents existing. */
export async function entitySyncRequest(
  db: Db,
  marketplaceId: string,
  segment: string,
  body: unknown,
): Promise<SyncRequest> {
  const source = entityByRoute(segment);
  if (!source) throw new ApiError(404, 'NotFound', `No entity can be synced at entitysync/${segment}.`);
  const parameters: Record<string, string> = {};
  for (const attribute of source.model.Attributes) {
    if (attribute.Internal) continue;
    const value = text(body, attribute.Name, attribute.Required);
    if (value !== undefined) parameters[attribute.Name] = value;
  }
  const store = new PgStore(db, platformRegistry, marketplaceId);
  for (const attribute of Object.values(source.pathParams)) {
    const parentId = parameters[attribute] as string;
    const parentResource = `${attribute.replace(/ID$/, '')}s`;
    if (!(await store.get(parentResource, [], parentId))) {
      const noun = attribute.replace(/ID$/, '');
      throw notFound(noun, parentId, `${noun} ${parentId} was not found in this marketplace.`);
    }
  }
  return { kind: 'Entity', entity: source.model.EntityName, parameters };
}

/**
 * Where syncs go: every delivery configuration of the marketplace, each of its targets. A 404 when
 * none of them can receive (no configuration, or only disabled ones and kinds not sent to).
 */
export async function syncTargets(db: Db, marketplaceId: string): Promise<DeliveryTarget[]> {
  const store = new PgStore(db, platformRegistry, marketplaceId);
  const configs = await store.find('DeliveryConfigurations', []);
  const targets = configs.flatMap((config) => configTargets(config.item));
  if (!targets.some((target) => target.deliverable)) {
    throw new ApiError(
      404,
      'NotFound',
      'No delivery configuration of this marketplace can receive a sync: add an enabled delivery configuration with an Http target (or a search ingestion with an HTTP content endpoint).',
      { ObjectType: 'DeliveryConfig' },
    );
  }
  return targets;
}
