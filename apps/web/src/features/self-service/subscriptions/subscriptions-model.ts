// TEXTS: spec 1 §2 "Subscription tools" and §8, word for word where the spec gives the words (the notes give
// its meaning). The shapes come from packages/contracts, which the servers answer with.
import type { SubscriptionRunList, SubscriptionRunStatus, SubscriptionRunView } from '@portal/contracts';

export const SUBSCRIPTION_TEXTS = {
  unauthorized:
    'You are not authorized to trigger the subscription integration job. Please contact your organization administrator to adjust your permissions.',
  process: 'Process subscriptions',
  captchaError: 'Recaptcha Error',
  hourlyLimit: 'Exceeded Hourly Limit',
  statusFetchFailed: 'Something went wrong fetching the resource',
  activeIntegrationNote: 'An Active Subscription Integration must exist for this job to run.',
  dueNote: 'Only subscriptions with a NextOrderDate between now and 5 hours ago are processed.',
  notActive: 'The subscription integration of this marketplace is not Active, so the job cannot run.',
} as const;

/** The hourly limit note (spec 1 §9: 10 in Sandbox, 3 elsewhere; the server says which). */
export const limitNote = (limit: number) => `The job can be triggered manually ${limit} times an hour.`;

export const remainingText = (remaining: number) =>
  `You have ${remaining} ${remaining === 1 ? 'job' : 'jobs'} remaining this hour.`;

/** The success toast of spec 1 §8, word for word ("jobs" even for one, as the spec writes it). */
export const triggeredText = (remaining: number) =>
  `The subscription integration job has been triggered for your marketplace. You have ${remaining} jobs remaining this hour.`;

export type {
  SubscriptionJobResult,
  SubscriptionRunList,
  SubscriptionRunStatus,
  SubscriptionRunView as SubscriptionRun,
} from '@portal/contracts';

export const isRunActive = (run: SubscriptionRunView) => run.Status === 'Queued' || run.Status === 'Running';

/** Runs are read every 2 s while one is queued or running, every 15 s otherwise. */
export const subscriptionRunsPollInterval = (list: SubscriptionRunList | undefined) =>
  list?.Items.some(isRunActive) ? 2_000 : 15_000;

export const RUN_PALETTE: Record<SubscriptionRunStatus, string> = {
  Queued: 'gray',
  Running: 'blue',
  Completed: 'green',
  Failed: 'red',
};

/** What a finished run did, e.g. '4 due, 3 orders placed, 1 failed'. */
export function runSummary(run: SubscriptionRunView): string {
  if (run.Processed === null) return run.Status === 'Failed' ? 'Did not run' : 'Not finished yet';
  return `${run.Processed} due, ${run.OrdersCreated.length} ${run.OrdersCreated.length === 1 ? 'order' : 'orders'} placed, ${run.Failed.length} failed`;
}
