import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { createSigningKeys } from '../../auth/signing-keys.ts';
import type { Registry } from '../../resources/registry.ts';
import type { AuthContext } from '../context.ts';
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
