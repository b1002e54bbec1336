// BULK RUN
// Acting on several rows at once: the assignment pages' bulk assign (issue 12) and the lists' bulk bar (issue 24).
// One call per row, at most
// `concurrency` at a time, each row's outcome kept on its own, so a refused row does not undo or stop the others.
// Cancelling starts no further row; a call already sent is awaited and reported as the platform answered it,
// since aborting a request that may already have been applied would misreport it.

export type BulkOutcome =
  | { readonly status: 'succeeded' }
  | { readonly status: 'failed'; readonly messages: readonly string[] }
  /** Nothing to do for this row (already assigned, not assigned); no call was sent. */
  | { readonly status: 'skipped'; readonly reason: string }
  /** Not started: the run was cancelled first. */
  | { readonly status: 'cancelled' };

export interface BulkProgress {
  /** Rows settled (succeeded, failed or skipped). */
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}

/** What a row's task answers: nothing when its call succeeded, or why it was skipped. Rejects when refused. */
export type BulkTask<T> = (item: T) => Promise<void | { readonly skipped: string }>;

export interface BulkOptions {
  /** Calls in flight at once; 4 unless told. */
  readonly concurrency?: number;
  /** Aborting it starts no further row. */
  readonly signal?: AbortSignal;
  /** Called as each row settles, with that row's index and outcome. */
  readonly onSettled?: (index: number, outcome: BulkOutcome, progress: BulkProgress) => void;
  /** The messages of a refusal (the platform's `Errors[].Message`); the error's message unless told. */
  readonly messagesOf?: (error: unknown) => string[];
}

export const BULK_CONCURRENCY = 4;

function defaultMessages(error: unknown): string[] {
  return [error instanceof Error ? error.message : String(error)];
}

/**
 * Runs `task` for every item, `concurrency` at a time, and answers each item's outcome in the items' order.
 * Never rejects: a task's rejection is that row's failure.
 *
 * @example
 * const outcomes = await runBulk(['u1', 'u2'], (id) => api.write(save, params, { UserGroupID: 'g', UserID: id }), {
 *   messagesOf: errorMessagesOf,
 * });
 * // [{ status: 'succeeded' }, { status: 'failed', messages: ['User not found: u2'] }]
 */
export async function runBulk<T>(
  items: readonly T[],
  task: BulkTask<T>,
  options: BulkOptions = {},
): Promise<BulkOutcome[]> {
  const { concurrency = BULK_CONCURRENCY, signal, onSettled, messagesOf = defaultMessages } = options;
  const outcomes: BulkOutcome[] = items.map(() => ({ status: 'cancelled' }));
  let next = 0;
  let done = 0;
  let failed = 0;
  const settle = (index: number, outcome: BulkOutcome) => {
    outcomes[index] = outcome;
    done += 1;
    if (outcome.status === 'failed') failed += 1;
    onSettled?.(index, outcome, { done, total: items.length, failed });
  };
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const index = next;
      next += 1;
      try {
        const answer = await task(items[index] as T);
        settle(index, answer ? { status: 'skipped', reason: answer.skipped } : { status: 'succeeded' });
      } catch (error) {
        settle(index, { status: 'failed', messages: messagesOf(error) });
      }
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes;
}

export interface BulkSummary {
  readonly succeeded: number;
  readonly failed: number;
  readonly skipped: number;
  readonly cancelled: number;
  /** 'Assigned 2 of 3. 1 failed.' */
  readonly text: string;
}

/**
 * Counts of a finished run and the sentence that reports it; `verb` is the past tense of the action.
 *
 * @example
 * summarizeBulk([{ status: 'succeeded' }, { status: 'failed', messages: ['No'] }], 'Assigned').text;
 * // 'Assigned 1 of 2. 1 failed.'
 */
export function summarizeBulk(outcomes: readonly BulkOutcome[], verb: string): BulkSummary {
  const count = (status: BulkOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const succeeded = count('succeeded');
  const failed = count('failed');
  const skipped = count('skipped');
  const cancelled = count('cancelled');
  const parts = [`${verb} ${succeeded} of ${outcomes.length}.`];
  if (failed > 0) parts.push(`${failed} failed.`);
  if (skipped > 0) parts.push(`${skipped} skipped.`);
  if (cancelled > 0) parts.push(`${cancelled} cancelled.`);
  return { succeeded, failed, skipped, cancelled, text: parts.join(' ') };
}
