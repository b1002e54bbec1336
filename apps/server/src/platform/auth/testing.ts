import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { Item } from '../engine/item.ts';
import { hashPassword } from '../../security/passwords.ts';
import { PgStore } from '../engine/pg-store.ts';
import { authenticationModels, authenticationResources } from '../resources/authentication.ts';
import { buyerPaymentResources } from '../resources/buyer-payment-resources.ts';
import { buyerResources } from '../resources/buyers.ts';
import { ENUMS } from '../resources/enums.ts';
import { integrationModels, integrationResources } from '../resources/integrations.ts';
import { marketplaceOwnerResources } from '../resources/marketplace-owners.ts';
import { createRegistry } from '../resources/registry.ts';
import { supplierResources } from '../resources/suppliers.ts';
import type { OperationDefinition, Registry } from '../resources/types.ts';
import { impersonationModels } from './impersonation.ts';
import { registerOAuthRoutes } from './oauth-routes.ts';
import { createSigningKeys, type SigningKeys } from './signing-keys.ts';

/**
 * The `platform` tables as db/schema.ts declares them, created only where missing, so the auth
 * tests run whether or not the platform migration has been applied to the test template.
 */
const PLATFORM_TABLES = [
  sql`CREATE SCHEMA IF NOT EXISTS platform`,
  sql`CREATE TABLE IF NOT EXISTS platform.marketplaces (
    id text PRIMARY KEY NOT NULL, name text NOT NULL, environment text NOT NULL, region_id text NOT NULL,
    region_name text NOT NULL, created_at timestamptz DEFAULT now() NOT NULL)`,
  sql`CREATE TABLE IF NOT EXISTS platform.documents (
    marketplace_id text NOT NULL, resource text NOT NULL, parent_key text DEFAULT '' NOT NULL, id text NOT NULL,
    body jsonb NOT NULL, secret jsonb, seq bigserial NOT NULL, created_at timestamptz DEFAULT now() NOT NULL,
    updated_at timestamptz DEFAULT now() NOT NULL, PRIMARY KEY (marketplace_id, resource, parent_key, id))`,
  sql`CREATE INDEX IF NOT EXISTS documents_body_idx ON platform.documents USING gin (body jsonb_path_ops)`,
  sql`CREATE INDEX IF NOT EXISTS documents_lower_id_idx ON platform.documents (marketplace_id, resource, lower(id))`,
  sql`CREATE UNIQUE INDEX IF NOT EXISTS documents_api_client_id_idx ON platform.documents (id)
    WHERE resource = 'ApiClients' AND parent_key = ''`,
  sql`CREATE TABLE IF NOT EXISTS platform.assignments (
    marketplace_id text NOT NULL, kind text NOT NULL, parent_key text DEFAULT '' NOT NULL, key text NOT NULL,
    body jsonb NOT NULL, seq bigserial NOT NULL, PRIMARY KEY (marketplace_id, kind, parent_key, key))`,
  sql`CREATE INDEX IF NOT EXISTS assignments_body_idx ON platform.assignments USING gin (body jsonb_path_ops)`,
  sql`CREATE TABLE IF NOT EXISTS platform.signing_keys (
    kid text PRIMARY KEY NOT NULL, private_jwk jsonb NOT NULL, public_jwk jsonb NOT NULL,
    created_at timestamptz DEFAULT now() NOT NULL, retired_at timestamptz, tokens_expire_by timestamptz)`,
  sql`CREATE TABLE IF NOT EXISTS platform.refresh_tokens (
    token_hash text PRIMARY KEY NOT NULL, marketplace_id text NOT NULL, client_id text NOT NULL, subject jsonb NOT NULL,
    expires_at timestamptz NOT NULL)`,
  sql`CREATE INDEX IF NOT EXISTS refresh_tokens_expires_idx ON platform.refresh_tokens (expires_at)`,
];

/** Creates the platform tables the auth code uses when they are missing (tests only). */
export async function ensurePlatformTables(db: Db): Promise<void> {
  // One statement at a time: PGlite refuses several statements in one parameterless query.
  for (const statement of PLATFORM_TABLES) await db.execute(statement);
}

/**
 * A registry with the resources the auth code reads (clients, profiles, users, groups, buyers,
 * suppliers), with `extraUserOperations` appended to the buyer Users resource.
 */
export function createAuthTestRegistry(extraUserOperations: readonly OperationDefinition[] = []): Registry {
  const buyers = buyerResources.map((resource) =>
    resource.name === 'Users'
      ? { ...resource, extraOperations: [...(resource.extraOperations ?? []), ...extraUserOperations] }
      : resource,
  );
  return createRegistry(
    [
      ...authenticationResources,
      ...marketplaceOwnerResources,
      ...buyers,
      ...buyerPaymentResources,
      ...supplierResources,
      ...integrationResources,
    ],
    [...authenticationModels, ...integrationModels, ...impersonationModels],
    ENUMS,
  );
}

/** Adds a marketplace row (tokens of unknown marketplaces are refused). */
export async function insertMarketplace(db: Db, id: string, environment = 'Sandbox'): Promise<void> {
  await db.execute(
    sql`INSERT INTO platform.marketplaces (id, name, environment, region_id, region_name)
        VALUES (${id}, ${id}, ${environment}, 'est', 'US-East') ON CONFLICT DO NOTHING`,
  );
}

/** Fields of a user for seeding; Password is hashed into the secret. */
export interface SeedUser {
  ID: string;
  Username: string;
  Password?: string;
  Active?: boolean;
}

/** Stores an admin (no company), buyer (`Users`) or supplier (`SupplierUsers`) user. */
export async function seedUser(
  store: PgStore,
  resource: 'AdminUsers' | 'Users' | 'SupplierUsers',
  companyId: string | undefined,
  user: SeedUser,
): Promise<void> {
  const body: Item = {
    ID: user.ID,
    Username: user.Username,
    FirstName: user.ID,
    LastName: 'Test',
    Email: `${user.ID}@example.com`,
    Active: user.Active ?? true,
    CompanyID: companyId ?? store.marketplaceId,
    xp: {},
  };
  const secret = user.Password ? { Password: await hashPassword(user.Password) } : undefined;
  await store.put(resource, companyId ? [companyId] : [], body, secret);
}

/** Stores a security profile with ApiRoles and custom roles. */
export async function seedProfile(
  store: PgStore,
  id: string,
  roles: readonly string[],
  customRoles: readonly string[] = [],
) {
  await store.put('SecurityProfiles', [], { ID: id, Name: id, Roles: [...roles], CustomRoles: [...customRoles] });
}

/** Assigns a profile; unset party fields are stored as null, as the engine stores them. */
export async function assignProfile(
  store: PgStore,
  assignment: {
    SecurityProfileID: string;
    BuyerID?: string;
    SupplierID?: string;
    UserID?: string;
    UserGroupID?: string;
  },
): Promise<void> {
  const keys = ['SecurityProfileID', 'BuyerID', 'SupplierID', 'UserID', 'UserGroupID'] as const;
  const body: Item = {};
  for (const key of keys) body[key] = assignment[key] ?? null;
  await store.saveAssignment('SecurityProfileAssignment', [], keys, body);
}

/** Adds a user to a group of its kind: admin groups when companyId is undefined, else the company's groups. */
export async function addToGroup(
  store: PgStore,
  companyId: string | undefined,
  groupId: string,
  userId: string,
  companyType: 'buyer' | 'supplier' = 'buyer',
) {
  // Each kind of group stores its memberships under its own kind (see resources/*: `kind`).
  const kind = !companyId
    ? 'AdminUserGroupAssignment'
    : companyType === 'supplier'
      ? 'SupplierUserGroupAssignment'
      : 'UserGroupAssignment';
  await store.saveAssignment(kind, companyId ? [companyId] : [], ['UserGroupID', 'UserID'], {
    UserGroupID: groupId,
    UserID: userId,
  });
}

/** What an auth test file works with: a private database with the platform tables, one marketplace. */
export interface AuthTestContext {
  database: TestDatabase;
  db: Db;
  registry: Registry;
  keys: SigningKeys;
  /** Store of marketplace `mkt1`. */
  store: PgStore;
  marketplaceId: string;
  /** The platform base URL the tokens name as `iss` and `aud`. */
  baseUrl: string;
  dispose(): Promise<void>;
}

/**
 * Opens a private test database, makes sure the platform tables exist and adds marketplace `mkt1`.
 *
 * @example
 * let ctx: AuthTestContext;
 * beforeAll(async () => { ctx = await openAuthTestContext(); });
 * afterAll(() => ctx.dispose());
 */
export async function openAuthTestContext(registry: Registry = createAuthTestRegistry()): Promise<AuthTestContext> {
  const database = await createTestDatabase();
  const { db } = database.database;
  await ensurePlatformTables(db);
  const marketplaceId = 'mkt1';
  await insertMarketplace(db, marketplaceId);
  return {
    database,
    db,
    registry,
    keys: createSigningKeys(db),
    store: new PgStore(db, registry, marketplaceId),
    marketplaceId,
    baseUrl: 'http://localhost:4000/platform',
    dispose: () => database.dispose(),
  };
}

/** A bare server with only the token endpoint under /platform, on the context's database and keys. */
export async function startOAuthApp(
  ctx: Pick<AuthTestContext, 'db' | 'registry' | 'keys' | 'baseUrl'>,
): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(
    async (platform) => {
      await registerOAuthRoutes(platform, { db: ctx.db, registry: ctx.registry, keys: ctx.keys, baseUrl: ctx.baseUrl });
    },
    { prefix: '/platform' },
  );
  await app.ready();
  return app;
}
