import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';

export interface JobContext {
  database: Database;
  logger: FastifyBaseLogger;
}

/** A background job a part owns: its queue name, an optional UTC cron schedule, and its work. */
export interface JobDefinition<TData extends object = object> {
  name: string;
  /** Five-field cron in UTC; leave out for jobs only started on demand. */
  cron?: string;
  run(data: TData, context: JobContext): Promise<unknown>;
}

export interface JobQueueOptions {
  /** How often idle workers look for new jobs; tests shorten it. */
  pollingIntervalSeconds?: number;
}

/**
 * The pg-boss queue of this process. Jobs live in the `pgboss` schema of the same database, so
 * several server processes sharing one PostgreSQL share the queue and each job runs once.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #context: JobContext;
  readonly #options: JobQueueOptions;

  constructor(database: Database, logger: FastifyBaseLogger, options: JobQueueOptions = {}) {
    this.#context = { database, logger };
    this.#options = options;
    // pg-boss reaches the database only through this adapter, so PGlite and PostgreSQL both work.
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: 'pgboss',
    });
    this.#boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  }

  async start(definitions: readonly JobDefinition[]): Promise<void> {
    await this.#boss.start();
    for (const definition of definitions) {
      await this.#boss.createQueue(definition.name);
      await this.#boss.work<object>(
        definition.name,
        // One job per fetch, so the handler's return value is that job's recorded output.
        { batchSize: 1, pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return undefined;
          const logger = this.#context.logger.child({ job: definition.name, jobId: job.id });
          const result = await definition.run(job.data ?? {}, { ...this.#context, logger });
          logger.info({ result }, 'job completed');
          return result;
        },
      );
      if (definition.cron) await this.#boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    }
  }

  /** Queues one run now and returns its id. */
  async send(name: string, data: object = {}): Promise<string> {
    const id = await this.#boss.send(name, data);
    if (!id) throw new Error(`The job queue refused a run of "${name}".`);
    return id;
  }

  async getJob(name: string, id: string): Promise<PgBoss.JobWithMetadata<object> | null> {
    return this.#boss.getJobById<object>(name, id);
  }

  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`) and leaves the database open. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
