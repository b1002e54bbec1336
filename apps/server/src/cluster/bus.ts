import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/database.ts';

/**
 * Called with the payload of every message on the channel, from this process and every other one.
 * `undefined` means messages may have been missed (the listening connection was lost and is back):
 * treat it as "anything may have changed", e.g. empty the whole cache.
 */
export type BusHandler = (payload: string | undefined) => void;

/**
 * Cross-process notifications over the database (PostgreSQL LISTEN/NOTIFY; the embedded database
 * serves one process and supports the same statements), for telling every process that something
 * it keeps in memory has changed.
 */
export interface Bus {
  /**
   * Sends `payload` to every subscriber of `channel` in every process. Given `tx`, the message is
   * part of that transaction: it goes out when the transaction commits, and not at all if it rolls
   * back. Without it, this process's subscribers get it before `publish` returns.
   */
  publish(channel: string, payload?: string, tx?: Db): Promise<void>;
  /** Calls `handler` for every message on `channel` until the returned function is called. */
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

export interface BusLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BusOptions {
  log?: BusLog;
  /** First wait before reconnecting a lost listening connection; doubled per failure up to 30 s. */
  reconnectDelayMs?: number;
}

/** The one PostgreSQL channel every message travels on; the bus channel is inside the message. */
const NOTIFY_CHANNEL = 'portal_bus';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; the envelope needs some room. */
const MAX_PAYLOAD_BYTES = 7_000;
const CHANNEL_NAME = /^[a-z][a-z0-9._-]{0,99}$/;
const MAX_RECONNECT_DELAY_MS = 30_000;

/** What goes through NOTIFY: channel, payload, and the origin when the origin delivered it itself. */
interface Envelope {
  c: string;
  p: string;
  o?: string;
}

const silentLog: BusLog = { warn: () => undefined, error: () => undefined };

/**
 * Opens the bus of `database`: a dedicated listening connection on PostgreSQL (reconnected when
 * lost, subscribers then told they may have missed messages), the database's own listener on the
 * embedded database.
 *
 * @example
 * const bus = await openBus(database, { log: app.log });
 * bus.subscribe('platform.signing-keys', () => keys.forget());
 * await bus.publish('platform.signing-keys', kid, tx);
 */
export async function openBus(database: Database, options: BusOptions = {}): Promise<Bus> {
  const log = options.log ?? silentLog;
  const origin = randomUUID();
  const handlers = new Map<string, Set<BusHandler>>();

  const deliver = (channel: string, payload: string | undefined) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error, channel }, 'bus: a subscriber failed');
      }
    }
  };
  const receive = (text: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      log.warn({ text }, 'bus: a notification that is not a bus message was ignored');
      return;
    }
    // Messages published outside a transaction were delivered here when they were sent.
    if (envelope.o === origin) return;
    deliver(envelope.c, envelope.p);
  };
  const missedSome = () => {
    for (const channel of handlers.keys()) deliver(channel, undefined);
  };

  const listener =
    database.kind === 'postgres'
      ? await listenOnPostgres(database, receive, missedSome, log, options.reconnectDelayMs ?? 250)
      : await listenOnPglite(database, receive);

  return {
    async publish(channel, payload = '', tx) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`bus: "${channel}" is not a channel name.`);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        throw new Error(`bus: a payload on ${channel} exceeds ${MAX_PAYLOAD_BYTES} bytes.`);
      }
      const envelope: Envelope = tx ? { c: channel, p: payload } : { c: channel, p: payload, o: origin };
      await (tx ?? database.db).execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(envelope)})`);
      if (!tx) deliver(channel, payload);
    },
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set<BusHandler>();
      set.add(handler);
      handlers.set(channel, set);
      return () => {
        set.delete(handler);
      };
    },
    async close() {
      handlers.clear();
      await listener.close();
    },
  };
}

interface Listener {
  close(): Promise<void>;
}

async function listenOnPglite(database: Database, receive: (text: string) => void): Promise<Listener> {
  // drizzle keeps its driver as `$client`, which the shared `Db` type does not declare.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const unlisten = await client.listen(NOTIFY_CHANNEL, receive);
  return {
    async close() {
      if (!client.closed) await unlisten();
    },
  };
}

/**
 * A connection of its own (a pooled one would be handed to queries), kept listening: when it is
 * lost it is opened again, waiting longer after each failure, and `reconnected` runs once it
 * listens again, since notifications sent meanwhile are gone.
 */
async function listenOnPostgres(
  database: Database,
  receive: (text: string) => void,
  reconnected: () => void,
  log: BusLog,
  firstDelayMs: number,
): Promise<Listener> {
  // drizzle keeps its pool as `$client`, which the shared `Db` type does not declare.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const settings: pg.ClientConfig = {
    ...pool.options,
    // The pool keeps a password it was given as a hidden property, which spreading leaves out.
    password: pool.options.password,
    application_name: 'portal-bus',
    // A connection cut without a goodbye (network, failover) is noticed instead of waited on.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  let current: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = firstDelayMs;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(settings);
    const lost = (error?: Error) => {
      if (current !== client || closed) return;
      current = undefined;
      log.warn({ err: error }, 'bus: the listening connection was lost; reconnecting');
      client.end().catch(() => undefined);
      retry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload !== undefined) receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
  };

  const retry = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          delay = firstDelayMs;
          if (!closed) reconnected();
        },
        (error: unknown) => {
          if (closed) return;
          log.warn({ err: error, retryInMs: delay }, 'bus: reconnecting failed; trying again');
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          retry();
        },
      );
    }, delay);
    // Reconnecting must not keep a stopping process alive.
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
