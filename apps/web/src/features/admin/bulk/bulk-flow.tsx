import { useState } from 'react';
import type { CatalogueCollection } from '../catalogue/catalogue';
import type { AdminApi, Item } from '../lib/admin-api';
import { deleteRowCall, writeRowCall, type BulkActionPlan, type RowCall } from './bulk-actions';
import { AssignDialog } from './assign-dialog';
import { assignmentRowCall, type AssignValues } from './bulk-assign';
import type { BulkChoice } from './bulk-action-buttons';
import { ConfirmBulkDialog } from './bulk-dialog';
import { needsTypedConfirm, type BulkSelection } from './selection';
import type { BulkJob } from './use-bulk-run';
import { SetFieldDialog, SetXpDialog } from './value-dialogs';

// BULK FLOW
// From an action picked in the bar to its run: the dialog asking what to set or assign (none for Delete), then
// a confirmation when the action deletes or touches more than 1,000 matching items, then the job.

interface Confirmation {
  readonly job: BulkJob;
  readonly title: string;
  readonly message: string;
  readonly destructive: boolean;
  readonly typed: boolean;
  readonly confirmLabel: string;
}

type Step = { readonly kind: 'value'; readonly choice: BulkChoice } | ({ readonly kind: 'confirm' } & Confirmation);

/** '3 products', '1 product': the list's own words. */
export function countOf(collection: Pick<CatalogueCollection, 'label' | 'singular'>, count: number): string {
  return `${count} ${(count === 1 ? collection.singular : collection.label).toLowerCase()}`;
}

async function send(api: AdminApi, call: RowCall): Promise<void> {
  if (call.operation.method === 'delete') await api.remove(call.operation, { ...call.params });
  else await api.write(call.operation, { ...call.params }, call.body);
}

export function useBulkFlow(input: {
  plan: BulkActionPlan;
  collection: CatalogueCollection;
  route: Readonly<Record<string, string>>;
  api: AdminApi;
  count: number;
  selection: BulkSelection;
  selectedItems: (signal: AbortSignal) => Promise<readonly Item[]>;
  run: (job: BulkJob) => Promise<void>;
}) {
  const { plan, collection, route, api, count, selection, selectedItems, run } = input;
  const [step, setStep] = useState<Step | null>(null);
  const typed = needsTypedConfirm(selection, count);
  const job = (running: string, verb: string, callOf: (item: Item) => RowCall): BulkJob => ({
    running,
    verb,
    items: selectedItems,
    task: (item) => send(api, callOf(item)),
  });
  const start = (next: BulkJob, description: string) => {
    if (!typed) {
      setStep(null);
      void run(next);
      return;
    }
    const message = `This sets ${description} on all ${countOf(collection, count)} matching the list.`;
    setStep({
      kind: 'confirm',
      job: next,
      title: 'Are you sure?',
      message,
      destructive: false,
      typed,
      confirmLabel: 'Apply',
    });
  };

  const choose = (choice: BulkChoice) => {
    const { remove } = plan;
    if (choice.kind !== 'delete') {
      setStep({ kind: 'value', choice });
      return;
    }
    if (!remove) return;
    setStep({
      kind: 'confirm',
      job: job('Deleting', 'Deleted', (item) => deleteRowCall(remove, collection, route, item)),
      title: `Delete ${countOf(collection, count)}?`,
      message: `This deletes ${countOf(collection, count)} and cannot be undone.`,
      destructive: true,
      typed,
      confirmLabel: `Delete ${countOf(collection, count)}`,
    });
  };
  const setValues = (change: Record<string, unknown>, description: string) => {
    const { write } = plan;
    if (write)
      start(
        job('Updating', 'Updated', (item) => writeRowCall(write, collection, route, item, change)),
        description,
      );
  };
  const assign = (values: AssignValues) => {
    if (step?.kind !== 'value' || step.choice.kind !== 'assign') return;
    const { assignment } = step.choice;
    start(
      job('Assigning', 'Assigned', (item) => assignmentRowCall(assignment, route, values, item)),
      `the assignment to ${assignment.label}`,
    );
  };
  const confirm = () => {
    if (step?.kind !== 'confirm') return;
    setStep(null);
    void run(step.job);
  };
  return { plan, step, choose, setValues, assign, confirm, close: () => setStep(null) };
}

/** The flow's open dialog, if any. */
export function BulkFlow(props: {
  flow: ReturnType<typeof useBulkFlow>;
  collection: CatalogueCollection;
  route: Readonly<Record<string, string>>;
  count: number;
}) {
  const { flow, route, count } = props;
  const { step, plan } = flow;
  if (!step) return null;
  if (step.kind === 'confirm') {
    return <ConfirmBulkDialog {...step} count={count} onCancel={flow.close} onConfirm={flow.confirm} />;
  }
  const { choice } = step;
  if (choice.kind === 'field') {
    const fields = [...plan.booleans, ...plan.enums];
    return <SetFieldDialog count={count} fields={fields} onCancel={flow.close} onApply={flow.setValues} />;
  }
  if (choice.kind === 'xp') return <SetXpDialog count={count} onCancel={flow.close} onApply={flow.setValues} />;
  if (choice.kind !== 'assign') return null;
  return (
    <AssignDialog
      count={count}
      assignment={choice.assignment}
      route={route}
      onCancel={flow.close}
      onApply={flow.assign}
    />
  );
}
