import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';

type Job = PgBoss.JobWithMetadata<object>;

export interface QueueWorkerOptions {
  boss: PgBoss;
  database: Database;
  queue: string;
  /** At most this many runs at once in this process. */
  concurrency: number;
  /** At most this many jobs a fetch. */
  batchSize: number;
  /** Wait after a fetch that found fewer jobs than it asked for. */
  pollingIntervalMs: number;
  /** Works one job; its result becomes the job's output. */
  run(job: Job, signal: AbortSignal): Promise<unknown>;
  onFetch?: (queue: string, count: number) => void;
  onError(error: unknown, jobId?: string): void;
}

/**
 * Works one queue in batches. pg-boss's own `work` with a batch completes or fails the whole
 * batch with the handler's outcome, so one failing job would fail its batch-mates; here each job
 * is fetched with the others but completed or failed on its own. A fetch that comes back full is
 * followed at once by the next, so a long queue drains without waiting for the polling interval.
 */
export class QueueWorker {
  readonly #options: QueueWorkerOptions;
  readonly #running = new Map<string, Promise<void>>();
  /** Jobs given back to the queue at shutdown: whatever their handler does later is not recorded. */
  readonly #handedBack = new Set<string>();
  readonly #abort = new AbortController();
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(options: QueueWorkerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#loop ??= this.#work();
  }

  /**
   * Stops fetching and aborts the jobs' signal, waits for running jobs until `deadline`, then gives
   * back those still running so another process takes them at once (not after their expiry).
   */
  async stop(deadline: Promise<unknown>): Promise<void> {
    this.#abort.abort(new DOMException('The server is shutting down.', 'AbortError'));
    this.#wake?.();
    await this.#loop;
    await Promise.race([Promise.all(this.#running.values()), deadline]);
    await this.#handBack([...this.#running.keys()]);
  }

  async #work(): Promise<void> {
    const { batchSize, concurrency, pollingIntervalMs } = this.#options;
    // Refill when half the slots are free: fewer, fuller fetches than one per finished job.
    const refillAt = Math.max(1, Math.ceil(Math.min(batchSize, concurrency) / 2));
    while (!this.#abort.signal.aborted) {
      const free = concurrency - this.#running.size;
      if (free < refillAt) {
        await this.#sleep(Promise.race(this.#running.values()));
        continue;
      }
      const wanted = Math.min(batchSize, free);
      const jobs = await this.#fetch(wanted);
      if (this.#abort.signal.aborted) {
        await this.#handBack(jobs.map((job) => job.id));
        break;
      }
      for (const job of jobs) this.#launch(job);
      if (jobs.length < wanted) await this.#sleep(delay(pollingIntervalMs));
    }
  }

  async #fetch(batchSize: number): Promise<Job[]> {
    const { boss, queue, onFetch, onError } = this.#options;
    try {
      // pg-boss's fetch returns full rows when includeMetadata is set; its type only knows `Job`.
      const jobs = ((await boss.fetch(queue, { batchSize, includeMetadata: true })) ?? []) as Job[];
      onFetch?.(queue, jobs.length);
      return jobs;
    } catch (error) {
      onError(error);
      return [];
    }
  }

  #launch(job: Job): void {
    const done = this.#settle(job).finally(() => this.#running.delete(job.id));
    this.#running.set(job.id, done);
  }

  async #settle(job: Job): Promise<void> {
    const { boss, queue, run, onError } = this.#options;
    const signal = this.#abort.signal;
    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, result: await withinSeconds(run(job, signal), job.expireInSeconds) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (this.#handedBack.has(job.id)) return;
    try {
      // pg-boss records an object as the output and wraps anything else as `{ value }`.
      if (outcome.ok) await boss.complete(queue, job.id, outcome.result as object);
      else if (isShutdownAbort(outcome.error, signal)) await this.#handBack([job.id]);
      else await boss.fail(queue, job.id, outcome.error as object);
    } catch (error) {
      onError(error, job.id);
    }
  }

  /**
   * pg-boss has no call for this: its stop fails unfinished jobs, which spends one of their
   * attempts (and fails the job outright on its last one). Clearing `started_on` keeps pg-boss from
   * counting the interrupted run as an attempt when the job is fetched again.
   */
  async #handBack(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const id of ids) this.#handedBack.add(id);
    try {
      await this.#options.database.executeSql(
        `UPDATE pgboss.job SET state = 'retry', started_on = NULL, start_after = now()
          WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
        [this.#options.queue, ids],
      );
    } catch (error) {
      this.#options.onError(error);
    }
  }

  /** Waits for `until` or for stop, whichever comes first. */
  async #sleep(until: Promise<unknown>): Promise<void> {
    const woken = new Promise<void>((resolve) => (this.#wake = resolve));
    await Promise.race([until, woken]);
    this.#wake = undefined;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** pg-boss fails a job whose run outlives its expiry; so do we, so no other process runs it twice. */
async function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the job ran longer than its expiry (${seconds} s)`)),
      Math.max(1, seconds) * 1000,
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A job that stopped because the server is stopping goes back to the queue; it did not fail. */
function isShutdownAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted && (error === signal.reason || (error as { name?: unknown } | null)?.name === 'AbortError');
}
