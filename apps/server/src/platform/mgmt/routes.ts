import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { createTokenMinter } from '../auth/mint.ts';
import { marketplaces } from '../db/schema.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import { parseListQuery, type RawQuery } from '../engine/list-query.ts';
import { PgStore } from '../engine/pg-store.ts';
import type { BuildQueue } from '../search/jobs.ts';
import type { SubscriptionRunQueue } from '../subscriptions/jobs.ts';
import type { SyncQueue } from '../sync/jobs.ts';
import { registerChangeHistoryRoutes } from './change-history-routes.ts';
import { registerDeliveryRoutes } from './delivery-routes.ts';
import { registerSearchIndexRoutes } from './search-routes.ts';
import { registerSigningKeyRoutes } from './signing-key-routes.ts';
import { registerStagingRoutes } from './staging-routes.ts';
import { registerSubscriptionRoutes } from './subscription-routes.ts';
import { registerSyncRoutes } from './sync-routes.ts';
import { listSignInUsers } from './signin-users.ts';

type MarketplaceRow = typeof marketplaces.$inferSelect;

/** A marketplace as the management API shows it. */
function marketplaceView(row: MarketplaceRow, baseUrl: string) {
  return {
    Id: row.id,
    Name: row.name,
    Environment: row.environment,
    Region: { Id: row.regionId, Name: row.regionName },
    CoreApiUrl: baseUrl,
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function stringField(body: unknown, name: string, required: boolean): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (value === undefined || value === null || value === '') {
    if (required) throw validation(`${name} is required.`, { Property: name });
    return undefined;
  }
  if (typeof value !== 'string') throw validation(`${name} must be text.`, { Property: name });
  return value;
}

/** An optional text field of at most `maxLength` characters (the MeUser model's bound). */
function boundedField(body: unknown, name: string, maxLength: number): string | undefined {
  const value = stringField(body, name, false);
  if (value !== undefined && value.length > maxLength) {
    throw validation(`${name} must be at most ${maxLength} characters.`, { Property: name, MaxLength: maxLength });
  }
  return value;
}

function rolesField(body: unknown): string[] {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).Roles : undefined;
  if (!Array.isArray(value) || value.some((role) => typeof role !== 'string')) {
    throw validation('Roles must be a list of role names.', { Property: 'Roles' });
  }
  return value as string[];
}

/**
 * The management API (ARCHITECTURE §4.6): service-to-service calls of the portal service,
 * authenticated with the shared secret. Never exposed to browsers.
 */
export async function registerManagementRoutes(
  app: FastifyInstance,
  deps: AuthDeps & { buildQueue?: BuildQueue; syncQueue?: SyncQueue; subscriptionRunQueue?: SubscriptionRunQueue },
): Promise<void> {
  const minter = createTokenMinter(deps);
  const { db } = deps;

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const secret = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!secret || !sameSecret(secret, app.config.platformMgmtSecret)) {
      throw new ApiError(401, 'InvalidToken', 'The management API needs the shared secret as a bearer token.');
    }
  });

  async function requireMarketplace(id: string): Promise<MarketplaceRow> {
    const [row] = await db.select().from(marketplaces).where(eq(marketplaces.id, id));
    if (!row) throw notFound('Marketplace', id);
    return row;
  }

  registerSearchIndexRoutes(app, { db, buildQueue: deps.buildQueue, requireMarketplace });
  registerDeliveryRoutes(app, { db, requireMarketplace });
  registerSyncRoutes(app, { db, syncQueue: deps.syncQueue, requireMarketplace });
  registerSubscriptionRoutes(app, { db, runQueue: deps.subscriptionRunQueue, requireMarketplace });
  registerStagingRoutes(app, { db, requireMarketplace });
  registerChangeHistoryRoutes(app, { db, requireMarketplace });
  registerSigningKeyRoutes(app, { db, keys: deps.keys });

  app.get('/marketplaces', async () => {
    const rows = await db.select().from(marketplaces).orderBy(marketplaces.id);
    return { Items: rows.map((row) => marketplaceView(row, deps.baseUrl)) };
  });

  app.get<{ Params: { marketplaceID: string } }>('/marketplaces/:marketplaceID', async (request) =>
    marketplaceView(await requireMarketplace(request.params.marketplaceID), deps.baseUrl),
  );

  // A token for a portal user carrying exactly the roles of the user's role group, and the name and
  // e-mail address of their portal profile (optional), which Me.Get shows since no user record exists.
  app.post<{ Params: { marketplaceID: string } }>('/marketplaces/:marketplaceID/tokens', async (request) => {
    const marketplace = await requireMarketplace(request.params.marketplaceID);
    const username = stringField(request.body, 'Username', true) as string;
    const roles = rolesField(request.body);
    const profile = {
      firstName: boundedField(request.body, 'FirstName', 100),
      lastName: boundedField(request.body, 'LastName', 100),
      email: boundedField(request.body, 'Email', 200),
    };
    const clientId = stringField(request.body, 'ClientID', false) ?? (await defaultAdminClient(marketplace.id));
    return minter.mintPortalUserToken({ marketplaceId: marketplace.id, clientId, username, roles, profile });
  });

  // A token acting as a buyer, supplier or admin user of an API client (portal impersonation).
  app.post<{ Params: { marketplaceID: string } }>(
    '/marketplaces/:marketplaceID/impersonation-tokens',
    async (request) => {
      const marketplace = await requireMarketplace(request.params.marketplaceID);
      const clientId = stringField(request.body, 'ClientID', true) as string;
      const username = stringField(request.body, 'Username', true) as string;
      return minter.mintUserToken({ marketplaceId: marketplace.id, clientId, username });
    },
  );

  app.get<{ Params: { marketplaceID: string }; Querystring: RawQuery }>(
    '/marketplaces/:marketplaceID/apiclients',
    async (request) => {
      const marketplace = await requireMarketplace(request.params.marketplaceID);
      const store = new PgStore(db, deps.registry, marketplace.id);
      const query = parseListQuery(request.query);
      return store.list(deps.registry.resource('ApiClients'), [], {
        ...query,
        searchOn: query.searchOn ?? ['ID', 'AppName'],
      });
    },
  );

  app.get<{ Params: { marketplaceID: string; clientID: string }; Querystring: RawQuery }>(
    '/marketplaces/:marketplaceID/apiclients/:clientID/users',
    async (request) => {
      const marketplace = await requireMarketplace(request.params.marketplaceID);
      const store = new PgStore(db, deps.registry, marketplace.id);
      const client = await store.require('ApiClients', [], request.params.clientID);
      const { search, page, pageSize } = parseListQuery(request.query);
      return listSignInUsers(store, client, marketplace.name, { search, page, pageSize });
    },
  );

  /** The marketplace's own admin client (`<id>-admin`), else any active client that allows the seller. */
  async function defaultAdminClient(marketplaceId: string): Promise<string> {
    const store = new PgStore(db, deps.registry, marketplaceId);
    const named = await store.get('ApiClients', [], `${marketplaceId}-admin`);
    if (named) return String(named.ID);
    const [any] = await store.find('ApiClients', [], { AllowSeller: true, Active: true });
    if (!any)
      throw validation(
        'The marketplace has no active API client that allows the seller.',
        null,
        'ApiClient.InvalidClientID',
      );
    return any.id;
  }
}
