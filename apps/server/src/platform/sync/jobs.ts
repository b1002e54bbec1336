import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { JobDefinition, JobContext } from '../../jobs/job-queue.ts';
import { createDeliveryQueue } from '../delivery/jobs.ts';
import { readSyncRun, syncUpkeep } from './runs.ts';

export const SYNC_JOB = 'platform-sync';

/** Queues a run's reading from the management API (which has no job queue of its own). */
export type SyncQueue = (runId: string) => Promise<void>;

/** A sender on the shared pg-boss tables; when it cannot queue, the upkeep job reads the run within a minute. */
export function createSyncQueue(database: Database, onError: (error: unknown) => void): SyncQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
  });
  return async (runId) => {
    try {
      await boss.send(SYNC_JOB, { runId });
    } catch (error) {
      onError(error);
    }
  };
}

async function read(runId: string, { database, logger }: JobContext) {
  const deliveries = createDeliveryQueue(database, (error) =>
    logger.warn({ err: error }, 'sync batch not queued; the delivery upkeep job will send it'),
  );
  return readSyncRun(database.db, runId, (ids) => deliveries(ids));
}

/** Reads one sync run and queues its batches' deliveries. */
export const syncJob: JobDefinition<{ runId?: string }> = {
  name: SYNC_JOB,
  async run({ runId }, context) {
    if (typeof runId !== 'string') return { skipped: 'no run id' };
    return (await read(runId, context)) ?? { skipped: 'not queued' };
  },
};

/** Every minute: interrupted runs resumed (or failed), runs whose job was lost read. */
export const syncUpkeepJob: JobDefinition = {
  name: 'platform-sync-upkeep',
  cron: '* * * * *',
  async run(_data, context) {
    const waiting = await syncUpkeep(context.database.db);
    for (const runId of waiting) await read(runId, context);
    return { resumed: waiting.length };
  },
};
