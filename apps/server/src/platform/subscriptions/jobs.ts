import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { executeRun, marketplacesWithActiveIntegration, recordScheduledRun, subscriptionUpkeep } from './runs.ts';

export const SUBSCRIPTION_RUN_JOB = 'platform-subscription-run';
/** A run that found another one running waits this long before trying again. */
const BUSY_RETRY_SECONDS = 15;

/** Queues a run from the management API; when it cannot, the upkeep job runs it within a minute. */
export type SubscriptionRunQueue = (runId: string, delaySeconds?: number) => Promise<void>;

export function createSubscriptionRunQueue(
  database: Database,
  onError: (error: unknown) => void,
): SubscriptionRunQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
  });
  return async (runId, delaySeconds = 0) => {
    try {
      await boss.send(SUBSCRIPTION_RUN_JOB, { runId }, delaySeconds > 0 ? { startAfter: delaySeconds } : {});
    } catch (error) {
      onError(error);
    }
  };
}

async function execute(runId: string, { database, logger }: JobContext) {
  const outcome = await executeRun(database.db, runId);
  if (outcome === 'busy') {
    const queue = createSubscriptionRunQueue(database, (error) =>
      logger.warn({ err: error }, 'busy subscription run not queued again; the upkeep job will run it'),
    );
    await queue(runId, BUSY_RETRY_SECONDS);
  }
  return outcome ?? { skipped: 'not queued' };
}

/** One queued run (a manual trigger). */
export const subscriptionRunJob: JobDefinition<{ runId?: string }> = {
  name: SUBSCRIPTION_RUN_JOB,
  async run({ runId }, context) {
    if (typeof runId !== 'string') return { skipped: 'no run id' };
    return execute(runId, context);
  },
};

/** Every hour (ARCHITECTURE §4.5): a run for each marketplace whose subscription integration is Active. */
export const hourlySubscriptionJob: JobDefinition = {
  name: 'platform-subscriptions-hourly',
  cron: '0 * * * *',
  async run(_data, context) {
    const runs = [];
    for (const marketplaceId of await marketplacesWithActiveIntegration(context.database.db)) {
      runs.push(await execute(await recordScheduledRun(context.database.db, marketplaceId), context));
    }
    return { runs: runs.length };
  },
};

/** Every minute: interrupted runs closed, queued runs whose job was lost run. */
export const subscriptionUpkeepJob: JobDefinition = {
  name: 'platform-subscriptions-upkeep',
  cron: '* * * * *',
  async run(_data, context) {
    const waiting = await subscriptionUpkeep(context.database.db);
    for (const runId of waiting) await execute(runId, context);
    return { ran: waiting.length };
  },
};
