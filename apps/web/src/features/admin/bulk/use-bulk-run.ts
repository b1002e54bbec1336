import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { displayName } from '@/lib/display-name';
import { errorMessagesOf, type Item } from '../lib/admin-api';
import { runBulk, summarizeBulk, type BulkOutcome } from './bulk-run';

/** A row as the summary names it. */
export interface BulkRow {
  readonly id: string;
  readonly name: string;
}

export interface BulkFailure {
  readonly row: BulkRow;
  readonly messages: readonly string[];
}

/** What a finished run reports: 'Updated 48 of 50. 2 failed.' and each failed row with the platform's reasons. */
export interface BulkReport {
  readonly text: string;
  readonly failures: readonly BulkFailure[];
}

/** A run under way: what it does ('Deleting selected rows'), or reading the matching items first. */
export interface BulkRunProgress {
  readonly label: string;
  readonly done: number;
  /** Null while the matching items are still being read. */
  readonly total: number | null;
}

export function rowOfItem(item: Item): BulkRow {
  return { id: typeof item.ID === 'string' ? item.ID : '', name: displayName(item) };
}

/** The report of a finished run over `rows`. */
export function bulkReport(rows: readonly BulkRow[], outcomes: readonly BulkOutcome[], verb: string): BulkReport {
  const failures = outcomes.flatMap((outcome, index) => {
    const row = rows[index];
    return outcome.status === 'failed' && row ? [{ row, messages: outcome.messages }] : [];
  });
  return { text: summarizeBulk(outcomes, verb).text, failures };
}

export interface BulkJob {
  /** 'Deleting' while it runs; 'Deleted' in the summary. */
  readonly running: string;
  readonly verb: string;
  /** The rows, read when the job starts ('Select all N matching' reads every page first). */
  readonly items: (signal: AbortSignal) => Promise<readonly Item[]>;
  /** One row's call; rejects with the platform's refusal. */
  readonly task: (item: Item) => Promise<void>;
}

/**
 * Runs bulk jobs on a list through the bulk engine: progress 'N of M', Cancel, then the summary. Afterwards every
 * list and item of the marketplace is read again (a row's change shows wherever it is listed), and `onDone` gets
 * the ids that failed, which stay selected for a retry.
 */
export function useBulkRun(onDone: (failedIds: readonly string[]) => void) {
  const queryClient = useQueryClient();
  const { marketplace } = usePortalContext();
  const [progress, setProgress] = useState<BulkRunProgress | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = async (job: BulkJob) => {
    const abort = new AbortController();
    controller.current = abort;
    setReport(null);
    setProgress({ label: `Reading the selected rows`, done: 0, total: null });
    let items: readonly Item[];
    try {
      items = await job.items(abort.signal);
    } catch (error) {
      controller.current = null;
      setProgress(null);
      if (!abort.signal.aborted) setReport({ text: errorMessagesOf(error).join(' '), failures: [] });
      return;
    }
    const label = `${job.running} selected rows`;
    setProgress({ label, done: 0, total: items.length });
    const outcomes = await runBulk(items, job.task, {
      signal: abort.signal,
      messagesOf: errorMessagesOf,
      onSettled: (_, __, now) => setProgress({ label, done: now.done, total: now.total }),
    });
    const rows = items.map(rowOfItem);
    const summary = bulkReport(rows, outcomes, job.verb);
    await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id] });
    controller.current = null;
    setProgress(null);
    setReport(summary);
    onDone(summary.failures.map((failure) => failure.row.id));
  };

  return {
    progress,
    report,
    run,
    cancel: () => controller.current?.abort(),
    dismiss: () => setReport(null),
  };
}
