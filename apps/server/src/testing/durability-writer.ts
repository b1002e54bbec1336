// Child process of the kill -9 test: writes one row per transaction into the embedded database
// given as argv[2] and reports each commit on stdout, until the test kills it mid-write.
import { openDatabase } from '../db/database.ts';
import { oidcModels } from '../identity/db/schema.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: durability-writer.ts <data dir>');
const database = await openDatabase({ kind: 'pglite', dataDir });
for (let i = 1; ; i += 1) {
  await database.db.insert(oidcModels).values({ kind: 'DurabilityProbe', id: String(i), payload: { i } });
  process.stdout.write(`committed ${i}\n`);
}
