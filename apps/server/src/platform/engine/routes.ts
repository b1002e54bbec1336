import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from './auth-context.ts';
import type { OperationContext, PlatformServices, Registry } from '../resources/types.ts';
import { ApiError } from './errors.ts';
import { missingBody } from './crud.ts';
import type { PlatformOperation } from './operations.ts';
import { PgStore } from './pg-store.ts';
import { queryNormaliser } from './query-names.ts';
import { recorderFor } from '../history/recording.ts';

/** Turns a request's bearer token into the caller, or throws a 401 ApiError. */
export interface Authenticator {
  authenticate(request: FastifyRequest): Promise<AuthContext>;
}

/** 403 unless the caller holds FullAccess or one of the operation's roles. */
export function checkRoles(operation: Pick<PlatformOperation, 'roles'>, auth: AuthContext): void {
  if (operation.roles.length === 0 || auth.roles.has('FullAccess')) return;
  if (operation.roles.some((role) => auth.roles.has(role))) return;
  throw new ApiError(403, 'InsufficientRoles', 'User does not have role(s) required to perform this action.', {
    SufficientRoles: ['FullAccess', ...operation.roles],
    AssignedRoles: [...auth.roles],
  });
}

const toFastifyPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/** Registers every operation of the table under the current prefix (`/v1`). */
export function registerOperations(
  app: FastifyInstance,
  operations: readonly PlatformOperation[],
  registry: Registry,
  db: Db,
  authenticator: Authenticator,
  services?: PlatformServices,
): void {
  for (const operation of operations) {
    const normaliseQuery = queryNormaliser(registry, operation);
    app.route({
      method: operation.method,
      url: toFastifyPath(operation.path),
      handler: async (request, reply) => {
        const auth = operation.anonymous
          ? await operation.anonymous({ db, body: request.body, params: request.params as Record<string, string> })
          : await authenticator.authenticate(request);
        checkRoles(operation, auth);
        if (operation.body && (request.body === undefined || request.body === null)) throw missingBody();
        const context: OperationContext = {
          marketplaceId: auth.marketplaceId,
          auth,
          params: request.params as Record<string, string>,
          query: normaliseQuery(request.query as Record<string, string | string[] | undefined>),
          body: request.body,
          // Writes are recorded in the change history, in their own transaction (platform/history).
          store: new PgStore(
            db,
            registry,
            auth.marketplaceId,
            false,
            recorderFor(operation, auth, request.id, registry),
          ),
          registry,
          resource: operation.resource,
          ...(services ? { services } : {}),
        };
        const result = await operation.handler(context);
        const bearer = request.headers.authorization;
        await services?.afterOperation?.(operation.id, auth.marketplaceId, {
          method: operation.method,
          path: operation.path,
          auth,
          params: context.params,
          query: request.query as Record<string, unknown>,
          body: request.body,
          result,
          token: bearer?.startsWith('Bearer ') ? bearer.slice(7) : null,
        });
        reply.code(operation.response.status);
        if (operation.response.status === 204) return reply.send();
        if (operation.kind === 'Create' && result && typeof result === 'object' && 'ID' in result) {
          reply.header('location', `${request.url.split('?')[0]}/${String((result as { ID: unknown }).ID)}`);
        }
        return result;
      },
    });
  }
}
