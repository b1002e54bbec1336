import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { currentRequestId } from '../../observability/request-context.ts';
import { attemptDelivery, deliverDue, removeOldDeliveries } from './deliveries.ts';
import { DELIVERY_SETTINGS, type DeliverySettings } from './send.ts';

export const DELIVERY_JOB = 'platform-delivery';

/** Queues deliveries from request handlers and jobs; `delayMs` holds a retry back until it is due. */
export type DeliveryQueue = (ids: readonly string[], delayMs?: number) => Promise<void>;

const senders = new WeakMap<Database, PgBoss>();

/** A pg-boss that only sends (never started): any process may queue, the processes running jobs send. */
function senderFor(database: Database): PgBoss {
  let boss = senders.get(database);
  if (!boss) {
    boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schema: 'pgboss' });
    senders.set(database, boss);
  }
  return boss;
}

/**
 * Queues deliveries: one pg-boss job per delivery, all inserted in one statement (a sync batch or a
 * write with many webhooks queues them at once). Each job still claims its own row, so a delivery is
 * sent once however many processes work the queue. A delay is counted by the database's clock.
 * When the queue cannot take them (jobs disabled, queue not created yet) the rows stay due and the
 * upkeep job sends them within a minute, so nothing is lost.
 */
export function createDeliveryQueue(database: Database, onError: (error: unknown) => void): DeliveryQueue {
  return async (ids, delayMs = 0) => {
    if (ids.length === 0) return;
    try {
      const boss = senderFor(database);
      // The request (or job) that queued the delivery, so its log lines can be joined to the send's.
      const requestId = currentRequestId();
      // A startAfter that is not a time is an interval pg-boss adds to the database's now().
      const startAfter = delayMs > 0 ? `${Math.ceil(delayMs / 1000)} seconds` : undefined;
      await boss.insert(
        ids.map((deliveryId) => ({
          name: DELIVERY_JOB,
          data: { deliveryId, requestId },
          ...(startAfter ? { startAfter } : {}),
        })),
      );
    } catch (error) {
      onError(error);
    }
  };
}

/**
 * One attempt at one delivery; a retry is queued again for when its back-off ends. Built from settings so a test
 * can run the real job with quick retries.
 */
export function deliveryJobWith(settings: DeliverySettings): JobDefinition<{ deliveryId?: string }> {
  return {
    name: DELIVERY_JOB,
    // Each attempt claims its own row, so several may run at once; one receiver taking its full
    // 10 s to answer must not hold up the deliveries to every other receiver behind it.
    concurrency: 8,
    async run({ deliveryId }, { database, logger }) {
      if (typeof deliveryId !== 'string') return { skipped: 'no delivery id' };
      const outcome = await attemptDelivery(database.db, deliveryId, settings);
      if (outcome?.status === 'Retrying' && outcome.retryInMs !== null) {
        const queue = createDeliveryQueue(database, (error) =>
          logger.warn({ err: error }, 'retry not queued; the upkeep job will send it'),
        );
        await queue([deliveryId], outcome.retryInMs);
      }
      return outcome ?? { skipped: 'not due or already taken' };
    },
  };
}

export const deliveryJob = deliveryJobWith(DELIVERY_SETTINGS);

/** Every minute: interrupted attempts made due again, due deliveries whose job was lost sent, old log rows removed. */
export const deliveryUpkeepJob: JobDefinition = {
  name: 'platform-delivery-upkeep',
  cron: '* * * * *',
  async run(_data, { database }) {
    const sent = await deliverDue(database.db);
    await removeOldDeliveries(database.db);
    return { sent: sent.length };
  },
};
