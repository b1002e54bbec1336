import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { OperationContext } from '../resources/types.ts';
import type { ListPage } from '../engine/list-query.ts';
import { buildOperations, type PlatformOperation } from '../engine/operations.ts';
import { PgStore } from '../engine/pg-store.ts';
import { queryNormaliser } from '../engine/query-names.ts';
import { platformRegistry } from '../resources/index.ts';
import { SYNC_BATCH_SIZE } from './metadata.ts';

let table: Map<string, PlatformOperation> | undefined;

function operation(id: string): PlatformOperation {
  table ??= new Map(buildOperations(platformRegistry).map((entry) => [entry.id, entry]));
  const found = table.get(id);
  if (!found) throw new Error(`No operation ${id}.`);
  return found;
}

/** Syncs read as the marketplace itself: everything, the way an admin with FullAccess lists it. */
function syncReader(marketplaceId: string): AuthContext {
  return {
    marketplaceId,
    clientId: 'platform-sync',
    username: 'platform-sync',
    userId: 'platform-sync',
    userType: 'admin',
    companyId: undefined,
    roles: new Set(['FullAccess']),
    impersonatorId: undefined,
  };
}

/**
 * One page of a list operation, answered exactly as the API answers it (the same filters, the
 * same computed fields), so a sync delivers what a developer would read with the list call.
 */
export async function readPage(
  db: Db,
  marketplaceId: string,
  operationId: string,
  params: Record<string, string>,
  query: Record<string, string | string[]>,
  page: number,
): Promise<ListPage> {
  const op = operation(operationId);
  const store = new PgStore(db, platformRegistry, marketplaceId);
  const context: OperationContext = {
    marketplaceId,
    auth: syncReader(marketplaceId),
    params,
    query: queryNormaliser(platformRegistry, op)({ ...query, page: String(page), pageSize: String(SYNC_BATCH_SIZE) }),
    body: undefined,
    store,
    registry: platformRegistry,
    resource: op.resource,
  };
  return (await op.handler(context)) as ListPage;
}
