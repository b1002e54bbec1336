import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/database.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { platformRegistry } from '../resources/index.ts';
import { runBuild, type BuildOptions, type BuildOutcome } from './build.ts';
import { getIndex } from './model.ts';
import { searchUpkeep, waitingIndexes } from './upkeep.ts';

export const SEARCH_BUILD_JOB = 'platform-search-build';

/** Builds one waiting index (the searchable fields come from the type's resource). */
export async function buildIndex(
  db: Db,
  indexId: string,
  options: Omit<BuildOptions, 'searchable'> = {},
): Promise<BuildOutcome | undefined> {
  const index = await getIndex(db, indexId);
  if (!index) return undefined;
  const searchable = platformRegistry.resource(index.type).searchable ?? ['ID'];
  return runBuild(db, indexId, { ...options, searchable });
}

/** Runs one index build, queued when an index is created or a rebuild is accepted. */
export const searchBuildJob: JobDefinition<{ indexId?: string }> = {
  name: SEARCH_BUILD_JOB,
  async run({ indexId }, { database }) {
    if (typeof indexId !== 'string') return { skipped: 'no index id' };
    return buildIndex(database.db, indexId);
  },
};

/**
 * Every minute: interrupted builds started again (or failed), failed indexes over a day old
 * removed, and any index still waiting (its queued run was lost) built.
 */
export const searchUpkeepJob: JobDefinition = {
  name: 'platform-search-upkeep',
  cron: '* * * * *',
  async run(_data, { database }) {
    const upkeep = await searchUpkeep(database.db);
    const built: BuildOutcome[] = [];
    for (const id of await waitingIndexes(database.db)) {
      const outcome = await buildIndex(database.db, id);
      if (outcome) built.push(outcome);
    }
    return { ...upkeep, built };
  },
};

/** Queues builds from request handlers (which have no job queue of their own). */
export type BuildQueue = (indexId: string) => Promise<void>;

/**
 * A sender on the shared pg-boss tables: any process may queue, the processes running jobs build.
 * When the queue cannot take it (jobs disabled, queue not created yet), the upkeep job builds the
 * waiting index within a minute instead.
 */
export function createBuildQueue(database: Database, onError: (error: unknown) => void): BuildQueue {
  // Not started: this instance only sends, it neither works nor supervises.
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
  });
  return async (indexId) => {
    try {
      await boss.send(SEARCH_BUILD_JOB, { indexId });
    } catch (error) {
      onError(error);
    }
  };
}
