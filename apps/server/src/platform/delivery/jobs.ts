import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { currentRequestId } from '../../observability/request-context.ts';
import { attemptDelivery, deliverDue, removeOldDeliveries } from './deliveries.ts';

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
 * When the queue cannot take a delivery (jobs disabled, queue not created yet) the row stays due and
 * the upkeep job sends it within a minute, so nothing is lost.
 */
export function createDeliveryQueue(database: Database, onError: (error: unknown) => void): DeliveryQueue {
  return async (ids, delayMs = 0) => {
    try {
      const boss = senderFor(database);
      // The request (or job) that queued the delivery, so its log lines can be joined to the send's.
      const requestId = currentRequestId();
      for (const deliveryId of ids) {
        const data = { deliveryId, requestId };
        await boss.send(DELIVERY_JOB, data, delayMs > 0 ? { startAfter: Math.ceil(delayMs / 1000) } : {});
      }
    } catch (error) {
      onError(error);
    }
  };
}

/** One attempt at one delivery; a retry is queued again for when its back-off ends. */
export const deliveryJob: JobDefinition<{ deliveryId?: string }> = {
  name: DELIVERY_JOB,
  async run({ deliveryId }, { database, logger }) {
    if (typeof deliveryId !== 'string') return { skipped: 'no delivery id' };
    const outcome = await attemptDelivery(database.db, deliveryId);
    if (outcome?.status === 'Retrying' && outcome.nextAttemptAt) {
      const queue = createDeliveryQueue(database, (error) =>
        logger.warn({ err: error }, 'retry not queued; the upkeep job will send it'),
      );
      await queue([deliveryId], outcome.nextAttemptAt.getTime() - Date.now());
    }
    return outcome ?? { skipped: 'not due or already taken' };
  },
};

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
