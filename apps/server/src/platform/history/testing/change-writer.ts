// Child process of the change history's kill -9 test: patches products p0..p4 in turn through the engine's
// Products.Patch operation with a recording store (as a request does), one transaction per write, and reports each
// commit on stdout until the test kills it mid-write. argv[2] is the database target as JSON, argv[3] the number
// of products.
import { openDatabase, type DatabaseTarget } from '../../../db/database.ts';
import type { AuthContext } from '../../engine/auth-context.ts';
import { buildOperations } from '../../engine/operations.ts';
import { PgStore } from '../../engine/pg-store.ts';
import { platformRegistry } from '../../resources/index.ts';
import { recorderFor } from '../recording.ts';

const target = JSON.parse(process.argv[2] ?? 'null') as DatabaseTarget | null;
const products = Number(process.argv[3]);
if (!target || !(products > 0)) throw new Error('usage: change-writer.ts <database target as JSON> <products>');
const database = await openDatabase(target);
const operation = buildOperations(platformRegistry).find((candidate) => candidate.id === 'Products.Patch');
if (!operation) throw new Error('Products.Patch is not an operation');
const auth: AuthContext = {
  marketplaceId: 'mkt1',
  clientId: 'writer',
  username: 'writer',
  userId: 'a1',
  userType: 'admin',
  companyId: undefined,
  roles: new Set(['FullAccess']),
  impersonatorId: undefined,
};
for (let i = 1; ; i += 1) {
  const id = `p${i % products}`;
  const recorder = recorderFor(operation, auth, `write-${i}`, platformRegistry);
  await operation.handler({
    marketplaceId: 'mkt1',
    auth,
    params: { productID: id },
    query: {},
    body: { Name: `Write ${i}`, xp: { N: i } },
    store: new PgStore(database.db, platformRegistry, 'mkt1', false, recorder),
    registry: platformRegistry,
    resource: operation.resource,
  });
  process.stdout.write(`committed ${i}\n`);
}
