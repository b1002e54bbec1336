// Child process of the staging restore kill -9 test: restores argv[4] (Production) into argv[3]
// (Staging) in the database described by argv[2] (JSON DatabaseTarget), printing 'cleared' once
// Staging's data is removed inside the transaction and then waiting there until the test kills it.
import { openDatabase, type DatabaseTarget } from '../db/database.ts';
import { restoreStaging } from '../platform/staging/restore.ts';

const [target, stagingId, productionId] = process.argv.slice(2);
if (!target || !stagingId || !productionId)
  throw new Error('usage: staging-restore-runner.ts <target> <staging> <production>');
const database = await openDatabase(JSON.parse(target) as DatabaseTarget);
await restoreStaging(database.db, stagingId, productionId, async () => {
  process.stdout.write('cleared\n');
  await new Promise(() => undefined);
});
