import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { createSigningKeys } from '../../auth/signing-keys.ts';
import type { AuthContext } from '../auth-context.ts';
import type { Registry } from '../../resources/types.ts';
import { ApiError } from '../errors.ts';
import { registerPlatformErrors } from '../http-errors.ts';
import { registerJsonBodyParser } from '../json-body.ts';
import { buildOperations } from '../operations.ts';
import { registerOperations, type Authenticator } from '../routes.ts';

/**
 * The engine's routes on a bare Fastify instance, with a test authenticator that reads the caller
 * from `x-test-roles` (comma list) so engine tests need no token service. The real
 * authenticator has its own tests in platform/auth.
 */
export async function buildEngineApp(db: Db, registry: Registry, marketplaceId = 'mkt-test'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
  const authenticator: Authenticator = {
    async authenticate(request): Promise<AuthContext> {
      const header = request.headers['x-test-roles'];
      if (typeof header !== 'string') throw new ApiError(401, 'InvalidToken', 'Access token is invalid or expired.');
      return {
        marketplaceId,
        clientId: 'test-client',
        username: 'tester',
        userId: 'tester',
        userType: 'admin',
        companyId: undefined,
        roles: new Set(header.split(',').filter(Boolean)),
        impersonatorId: undefined,
      };
    },
  };
  await app.register(
    async (platform) => {
      registerPlatformErrors(platform);
      registerJsonBodyParser(platform);
      // Impersonation mints real tokens, so the harness carries a real issuer.
      const services = { issuer: { keys: createSigningKeys(db), baseUrl: 'http://localhost/platform' } };
      await platform.register(
        async (v1) => registerOperations(v1, buildOperations(registry), registry, db, authenticator, services),
        { prefix: '/v1' },
      );
    },
    { prefix: '/platform' },
  );
  await app.ready();
  return app;
}

/** One request of a test under `/platform/v1`, as a caller holding `roles` (FullAccess; null sends no caller). */
export interface EngineRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  roles?: string | null;
}

/** Sends a request to an engine app; answers its status, its JSON body (undefined when empty) and its headers. */
export async function sendRequest(
  app: FastifyInstance,
  { method = 'GET', url, body, roles = 'FullAccess' }: EngineRequest,
) {
  const response = await app.inject({
    method,
    url: `/platform/v1${url}`,
    headers: roles === null ? {} : { 'x-test-roles': roles },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined, headers: response.headers };
}

/** The engine app of a test file, over a database of its own. */
export interface EngineTestApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** One request to the app (see `sendRequest`). */
  call(request: EngineRequest): ReturnType<typeof sendRequest>;
}

/**
 * The engine app of a test file over a fresh test database: made before the file's tests (and
 * its own `beforeAll` hooks), closed and dropped after them. It forwards to what was made then,
 * so use it only in tests and hooks.
 *
 * @example
 * const { call } = useEngineApp(platformRegistry);
 * it('lists', async () => expect((await call({ url: '/catalogs' })).status).toBe(200));
 */
export function useEngineApp(registry: Registry): EngineTestApp {
  let made: { testDb: TestDatabase; app: FastifyInstance } | undefined;
  const current = () => {
    if (!made) throw new Error('The engine app is made in beforeAll: use it in tests and hooks only.');
    return made;
  };
  const handle: EngineTestApp = {
    get app() {
      return current().app;
    },
    get db() {
      return current().testDb.database.db;
    },
    call: (request) => sendRequest(current().app, request),
  };
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    made = { testDb, app: await buildEngineApp(testDb.database.db, registry) };
  });
  afterAll(async () => {
    await made?.app.close();
    await made?.testDb.dispose();
  });
  return handle;
}
