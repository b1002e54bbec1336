import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { openBus, type Bus } from './bus.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());

/** Everything `bus` delivers on `channel`, and a way to wait for a given payload. */
function collect(bus: Bus, channel: string) {
  const received: (string | undefined)[] = [];
  const waiters: { payload: string | undefined; resolve: () => void }[] = [];
  bus.subscribe(channel, (payload) => {
    received.push(payload);
    for (const waiter of waiters.filter((candidate) => candidate.payload === payload)) waiter.resolve();
  });
  return {
    received,
    /** Resolves once `payload` has arrived (at once if it already has). */
    arrival(payload: string | undefined): Promise<void> {
      if (received.includes(payload)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ payload, resolve }));
    },
  };
}

describe(`the bus within one process (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: Bus;
  beforeAll(async () => {
    bus = await openBus(test.database);
  });
  afterAll(() => bus.close());

  it('delivers a message to its subscribers once, before publish returns', async () => {
    const messages = collect(bus, 'test.local');
    const other = collect(bus, 'test.other');
    await bus.publish('test.local', 'one');
    expect(messages.received).toEqual(['one']);
    // The echo from the database is not delivered again: a later message arrives alone.
    await bus.publish('test.local', 'marker', test.database.db);
    await messages.arrival('marker');
    expect(messages.received).toEqual(['one', 'marker']);
    expect(other.received).toEqual([]);
  });

  it('sends a message published in a transaction on commit, and never on rollback', async () => {
    const messages = collect(bus, 'test.transaction');
    await test.database.db.transaction(async (tx) => {
      await bus.publish('test.transaction', 'committed', tx as unknown as Db);
      expect(messages.received).toEqual([]);
    });
    await messages.arrival('committed');
    await test.database.db
      .transaction(async (tx) => {
        await bus.publish('test.transaction', 'rolled back', tx as unknown as Db);
        tx.rollback();
      })
      .catch(() => undefined);
    await bus.publish('test.transaction', 'after', test.database.db);
    await messages.arrival('after');
    expect(messages.received).toEqual(['committed', 'after']);
  });

  it('stops calling a handler once unsubscribed, and refuses bad channel names and large payloads', async () => {
    const calls: (string | undefined)[] = [];
    const stop = bus.subscribe('test.unsubscribe', (payload) => calls.push(payload));
    await bus.publish('test.unsubscribe', 'a');
    stop();
    await bus.publish('test.unsubscribe', 'b');
    expect(calls).toEqual(['a']);
    await expect(bus.publish('Bad Channel', 'x')).rejects.toThrow(/not a channel name/);
    await expect(bus.publish('test.big', 'x'.repeat(7_001))).rejects.toThrow(/exceeds/);
  });
});

describe.skipIf(!serverUrl)(
  serverUrl
    ? 'the bus between processes (PostgreSQL)'
    : 'the bus between processes: skipped, it needs a PostgreSQL server (set TEST_DATABASE_URL)',
  () => {
    let first: Database;
    let second: Database;
    let a: Bus;
    let b: Bus;
    beforeAll(async () => {
      // Two handles with pools of their own: what two server processes have.
      first = await openDatabase(test.target);
      second = await openDatabase(test.target);
      a = await openBus(first, { reconnectDelayMs: 10 });
      b = await openBus(second, { reconnectDelayMs: 10 });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
    });

    it('delivers what one process publishes to the other', async () => {
      const onB = collect(b, 'test.across');
      const onA = collect(a, 'test.across');
      await a.publish('test.across', 'hello');
      await onB.arrival('hello');
      expect(onB.received).toEqual(['hello']);
      expect(onA.received).toEqual(['hello']);
    });

    it('delivers a transaction message to the other process only once it commits', async () => {
      const onB = collect(b, 'test.commit');
      await first.db.transaction(async (tx) => {
        await a.publish('test.commit', 'in transaction', tx as unknown as Db);
        // Sent and committed after the transaction's message, yet it arrives first.
        await a.publish('test.commit', 'outside');
        await onB.arrival('outside');
        expect(onB.received).toEqual(['outside']);
      });
      await onB.arrival('in transaction');
      expect(onB.received).toEqual(['outside', 'in transaction']);
    });

    it('reconnects a lost listening connection and tells subscribers they may have missed messages', async () => {
      const onB = collect(b, 'test.reconnect');
      await second.executeSql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'portal-bus' AND datname = current_database()`,
      );
      // Both listeners were cut; each comes back and reports the gap.
      await onB.arrival(undefined);
      await a.publish('test.reconnect', 'after the cut');
      await onB.arrival('after the cut');
      expect(onB.received).toEqual([undefined, 'after the cut']);
    });
  },
);

describe.skipIf(Boolean(serverUrl))('the bus on the embedded database', () => {
  it('listens through the database itself, so a second bus on the same handle hears the first', async () => {
    const one = await openBus(test.database);
    const two = await openBus(test.database);
    const onTwo = collect(two, 'test.pglite');
    await one.publish('test.pglite', 'shared', test.database.db);
    await onTwo.arrival('shared');
    expect(onTwo.received).toEqual(['shared']);
    await one.close();
    await two.close();
  });
});
