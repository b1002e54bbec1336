/**
 * The subscription job on the wire (spec 1 §3, §7, §9): the platform's management API and the portal
 * service both take these shapes from here, and so does the Subscriptions page.
 */

/** Manual runs allowed per marketplace per hour: 10 in Sandbox, 3 in any other environment (spec 1 §9). */
export const MANUAL_RUNS_PER_HOUR_SANDBOX = 10;
export const MANUAL_RUNS_PER_HOUR_OTHER = 3;

export function manualRunsPerHour(environment: string): number {
  return environment === 'Sandbox' ? MANUAL_RUNS_PER_HOUR_SANDBOX : MANUAL_RUNS_PER_HOUR_OTHER;
}

/** `POST /processsubscriptions` answer: runs left this hour after this one, and the run queued. */
export interface SubscriptionJobResult {
  HourlyJobsRemaining: number;
  HourlyLimit: number;
  RunID: string;
}

export type SubscriptionRunStatus = 'Queued' | 'Running' | 'Completed' | 'Failed';

/** One run of the subscription job, as "recent runs" shows it. */
export interface SubscriptionRunView {
  ID: string;
  Trigger: 'Manual' | 'Scheduled';
  Status: SubscriptionRunStatus;
  RequestedBy: string | null;
  DateRequested: string;
  DateCompleted: string | null;
  /** Due subscriptions looked at, orders placed, subscriptions that failed (and why). */
  Processed: number | null;
  OrdersCreated: string[];
  Failed: { SubscriptionID: string; ErrorCode: string; Message: string }[];
  Error: string | null;
}

export interface SubscriptionRunList {
  Items: SubscriptionRunView[];
  HourlyLimit: number;
  HourlyJobsRemaining: number;
}
