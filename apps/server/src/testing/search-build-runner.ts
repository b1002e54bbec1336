// Child process of the search index kill -9 test: builds the index given as argv[3] in the database
// described by argv[2] (JSON DatabaseTarget) in small batches, printing each progress step, until
// the test kills it mid-build.
import { openDatabase, type DatabaseTarget } from '../db/database.ts';
import { buildIndex } from '../platform/search/jobs.ts';

const [target, indexId] = process.argv.slice(2);
if (!target || !indexId) throw new Error('usage: search-build-runner.ts <target json> <index id>');
const database = await openDatabase(JSON.parse(target) as DatabaseTarget);
await buildIndex(database.db, indexId, {
  batchSize: 50,
  onProgress: (percent) => {
    process.stdout.write(`progress ${percent}\n`);
  },
});
process.stdout.write('finished\n');
await database.close();
