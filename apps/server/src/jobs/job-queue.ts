import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { currentRequestId, runWithRequestContext } from '../observability/request-context.ts';
import { QueueWorker } from './queue-worker.ts';

export interface JobContext {
  database: Database;
  logger: FastifyBaseLogger;
  /**
   * Aborted when the process starts stopping. A long job may check it between steps and throw
   * `signal.reason` (or any AbortError): the job then goes back to the queue for another process
   * instead of failing.
   */
  signal?: AbortSignal;
  /** The server's settings, for jobs that follow one (CHANGE_HISTORY_DAYS); absent in queues made by tests. */
  config?: Config;
}

/** A background job a part owns: its queue name, an optional UTC cron schedule, and its work. */
export interface JobDefinition<TData extends object = object> {
  name: string;
  /** Five-field cron in UTC; leave out for jobs only started on demand. */
  cron?: string;
  /**
   * At most this many runs of this queue at once in one process. Default 1, as some jobs expect to
   * run alone (a subscription run finding another running waits 15 s); jobs that claim their own
   * rows, such as deliveries, can take more.
   */
  concurrency?: number;
  run(data: TData, context: JobContext): Promise<unknown>;
}

export interface JobQueueOptions {
  /** How long a worker waits after a fetch that did not fill its batch; tests shorten it. */
  pollingIntervalSeconds?: number;
  /** The settings handed to every job (JobContext.config). */
  config?: Config;
  /** Called after every fetch with the queue and the number of jobs it returned (tests count rounds). */
  onFetch?: (queue: string, count: number) => void;
}

/** Jobs taken in one fetch at most; the concurrency limit lowers it. */
export const MAX_BATCH_SIZE = 20;
export const DEFAULT_CONCURRENCY = 1;

/**
 * The pg-boss queue of this process. Jobs live in the `pgboss` schema of the same database, so
 * several server processes sharing one PostgreSQL share the queue and each job runs once.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #context: JobContext;
  readonly #options: JobQueueOptions;
  #definitions: readonly JobDefinition[] = [];
  #workers: QueueWorker[] = [];
  #working = false;

  constructor(database: Database, logger: FastifyBaseLogger, options: JobQueueOptions = {}) {
    this.#context = { database, logger, ...(options.config ? { config: options.config } : {}) };
    this.#options = options;
    // pg-boss reaches the database only through this adapter, so PGlite and PostgreSQL both work.
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: 'pgboss',
    });
    this.#boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  }

  /**
   * Creates pg-boss's schema, the queues and their schedules. Several processes doing this at once
   * collide (duplicate schema, deadlocks between queue partitions), so the server runs it under the
   * start-up lock.
   */
  async prepare(definitions: readonly JobDefinition[]): Promise<void> {
    await this.#boss.start();
    for (const definition of definitions) {
      await this.#boss.createQueue(definition.name);
      if (definition.cron) await this.#boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    }
    this.#definitions = definitions;
  }

  /** Starts working the prepared queues. */
  work(): void {
    if (this.#working) return;
    this.#workers = this.#definitions.map((definition) => this.#workerFor(definition));
    for (const worker of this.#workers) worker.start();
    this.#working = true;
  }

  async start(definitions: readonly JobDefinition[]): Promise<void> {
    await this.prepare(definitions);
    this.work();
  }

  /** True between `work()` and `stop()`. */
  get working(): boolean {
    return this.#working;
  }

  /** Queues one run now and returns its id; a run queued while serving a request carries its id. */
  async send(name: string, data: object = {}): Promise<string> {
    const requestId = currentRequestId();
    const id = await this.#boss.send(name, requestId ? { requestId, ...data } : data);
    if (!id) throw new Error(`The job queue refused a run of "${name}".`);
    return id;
  }

  async getJob(name: string, id: string): Promise<PgBoss.JobWithMetadata<object> | null> {
    return this.#boss.getJobById<object>(name, id);
  }

  /**
   * Stops taking jobs and lets running ones finish until `timeoutMs`; those still running then go
   * back to the queue for another process. Leaves the database open.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.#working = false;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    try {
      await Promise.all(this.#workers.map((worker) => worker.stop(deadline)));
    } finally {
      clearTimeout(timer);
    }
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }

  #workerFor(definition: JobDefinition): QueueWorker {
    const concurrency = Math.max(1, definition.concurrency ?? DEFAULT_CONCURRENCY);
    return new QueueWorker({
      boss: this.#boss,
      database: this.#context.database,
      queue: definition.name,
      concurrency,
      batchSize: Math.min(MAX_BATCH_SIZE, concurrency),
      pollingIntervalMs: (this.#options.pollingIntervalSeconds ?? 2) * 1000,
      onFetch: this.#options.onFetch,
      run: (job, signal) => this.#run(definition, job, signal),
      onError: (error, jobId) =>
        this.#context.logger.error({ err: error, job: definition.name, jobId }, 'job queue error'),
    });
  }

  async #run(definition: JobDefinition, job: PgBoss.Job<object>, signal: AbortSignal): Promise<unknown> {
    const data = job.data ?? {};
    const requestId = 'requestId' in data && typeof data.requestId === 'string' ? data.requestId : undefined;
    const logger = this.#context.logger.child({ job: definition.name, jobId: job.id, ...(requestId && { requestId }) });
    const context = { ...this.#context, logger, signal };
    try {
      // Jobs this one queues carry the same request id.
      const work = () => definition.run(data, context);
      const result = await (requestId ? runWithRequestContext({ requestId }, work) : work());
      logger.info({ result }, 'job completed');
      return result;
    } catch (error) {
      logger.error({ err: error }, 'job failed');
      throw error;
    }
  }
}
