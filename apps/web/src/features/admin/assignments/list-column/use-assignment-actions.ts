import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { errorMessagesOf, useAdminApi } from '../../lib/admin-api';
import { deleteCall, saveCall, type AssignmentRecord } from '../assignment-pairs';
import { runBulk, summarizeBulk, type BulkOutcome, type BulkProgress } from '../../bulk/bulk-run';
import { recordForRow, type ListAssignmentBinding, type SwitcherChoice } from './list-assignment-binding';

export type AssignmentAction = 'assign' | 'unassign';

/** A row an action runs on: its id and the name the summary gives it. */
export interface ActionRow {
  readonly id: string;
  readonly name: string;
}

export interface BulkFailure {
  readonly row: ActionRow;
  readonly messages: readonly string[];
}

export interface BulkReport {
  readonly action: AssignmentAction;
  readonly text: string;
  readonly failures: readonly BulkFailure[];
}

export const SKIPPED_ASSIGNED = 'Already assigned';
export const SKIPPED_UNASSIGNED = 'Not assigned';

/**
 * Assigning and unassigning rows to the switcher's choice, one row (its Assignment cell) or several (the bulk
 * bar) through the same runner: each row's outcome is kept and shown in its cell; a bulk run also has progress,
 * cancel and a summary naming the rows that failed and why. Outcomes belong to one choice (`choiceKey`).
 */
export function useAssignmentActions(
  binding: ListAssignmentBinding | null,
  route: Readonly<Record<string, string>>,
  choice: SwitcherChoice,
  matched: ReadonlyMap<string, AssignmentRecord> | undefined,
) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const { marketplace } = usePortalContext();
  const choiceKey = JSON.stringify(choice);
  const [outcomes, setOutcomes] = useState({ key: '', byRow: new Map<string, BulkOutcome>() });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<(BulkProgress & { action: AssignmentAction }) | null>(null);
  const [report, setReport] = useState<(BulkReport & { key: string }) | null>(null);
  const controller = useRef<AbortController | null>(null);

  const callFor = async (action: AssignmentAction, rowId: string) => {
    if (!binding) throw new Error('This list has no assignment switcher.');
    const record = matched?.get(rowId);
    if (action === 'assign') {
      if (record) return { skipped: SKIPPED_ASSIGNED };
      const call = saveCall(binding.pair, recordForRow(binding, route, choice, rowId), route);
      if (!call) throw new Error('This assignment cannot be made here.');
      await api.write(call.operation, call.params, call.body);
      return undefined;
    }
    if (!record) return { skipped: SKIPPED_UNASSIGNED };
    const call = deleteCall(binding.pair, record, route);
    if (!call) throw new Error('This assignment cannot be deleted here.');
    await api.remove(call.operation, call.params, call.query);
    return undefined;
  };

  const settleRow = (rowId: string, outcome: BulkOutcome) => {
    setOutcomes((previous) => {
      const byRow = new Map(previous.key === choiceKey ? previous.byRow : []);
      byRow.set(rowId, outcome);
      return { key: choiceKey, byRow };
    });
  };

  /** Answers the ids of the rows that failed. */
  const run = async (action: AssignmentAction, rows: readonly ActionRow[], bulk: boolean): Promise<string[]> => {
    const abort = new AbortController();
    if (bulk) {
      controller.current = abort;
      setReport(null);
      setProgress({ action, done: 0, total: rows.length, failed: 0 });
    }
    setBusy((previous) => new Set([...previous, ...rows.map((row) => row.id)]));
    const answers = await runBulk(rows, (row) => callFor(action, row.id), {
      signal: abort.signal,
      messagesOf: errorMessagesOf,
      onSettled: (index, outcome, now) => {
        const row = rows[index];
        if (row) settleRow(row.id, outcome);
        if (bulk) setProgress({ action, ...now });
      },
    });
    answers.forEach((outcome, index) => {
      const row = rows[index];
      if (row && outcome.status === 'cancelled') settleRow(row.id, outcome);
    });
    // The Assignment column (and every tab of this pair) shows what the platform holds now, whatever each call
    // answered; the list itself is not read again, so a refused row stays in view with its reason.
    await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id, 'list', binding?.pair.id] });
    // Rows stay busy until the records are read again, so a cell never shows its state from before the call.
    const ran = new Set(rows.map((row) => row.id));
    setBusy((previous) => new Set([...previous].filter((id) => !ran.has(id))));
    const failedIds = answers.flatMap((outcome, index) => (outcome.status === 'failed' ? [rows[index]?.id ?? ''] : []));
    if (!bulk) return failedIds;
    controller.current = null;
    setProgress(null);
    const failures = answers.flatMap((outcome, index) => {
      const row = rows[index];
      return outcome.status === 'failed' && row ? [{ row, messages: outcome.messages }] : [];
    });
    const verb = action === 'assign' ? 'Assigned' : 'Unassigned';
    setReport({ key: choiceKey, action, text: summarizeBulk(answers, verb).text, failures });
    return failedIds;
  };

  return {
    outcomes: outcomes.key === choiceKey ? outcomes.byRow : new Map<string, BulkOutcome>(),
    busy,
    progress,
    report: report?.key === choiceKey ? report : null,
    dismissReport: () => setReport(null),
    run,
    cancel: () => controller.current?.abort(),
  };
}
