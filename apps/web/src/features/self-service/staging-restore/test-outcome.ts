import type { Delivery } from '../sync-tools/sync-types';
import { STAGING_TEXTS } from './staging-restore-model';

/** How the page reports a test request: the toast and the result line always tell the same story. */
export interface TestOutcome {
  /** Toast kind and the result line's tone: a failed attempt is never shown as a success. */
  tone: 'success' | 'error' | 'warning' | 'info';
  toastTitle: string;
  toastDescription?: string;
  /** The result line beside the button: what the receiver did with the first attempt. */
  line: string;
}

const answered = (delivery: Pick<Delivery, 'LastStatusCode'>) =>
  delivery.LastStatusCode !== null ? `answered HTTP ${delivery.LastStatusCode}` : 'could not be reached';

// The error says why only when the receiver gave no status: otherwise it repeats the status ('answered HTTP 418').
const because = (delivery: Pick<Delivery, 'LastStatusCode' | 'LastError'>) =>
  delivery.LastStatusCode === null && delivery.LastError ? ` (${delivery.LastError})` : '';

/**
 * The outcome of a test request's first attempt, which `POST /stagingrestorewebhook/test` makes before it answers.
 * Only an accepted request gets spec 1 §8's success toast; a refusal (4xx, not sent again) is an error, an
 * attempt that will be tried again (5xx, timeout, unreachable) a warning, and an attempt still under way is
 * reported as triggered, with the outcome left to the deliveries list.
 *
 * @example
 * testOutcome({ Status: 'Failed', LastStatusCode: 401, LastError: null }).tone; // 'error'
 */
export function testOutcome(delivery: Pick<Delivery, 'Status' | 'LastStatusCode' | 'LastError'>): TestOutcome {
  switch (delivery.Status) {
    case 'Delivered':
      return {
        tone: 'success',
        toastTitle: STAGING_TEXTS.tested,
        line: `Delivered: the receiver accepted the test request (HTTP ${delivery.LastStatusCode ?? 'OK'}).`,
      };
    case 'Failed':
      return {
        tone: 'error',
        toastTitle: STAGING_TEXTS.testRefused,
        toastDescription: `The receiver ${answered(delivery)}. Check the URL and the HashKey it expects.`,
        line: `Failed: the receiver ${answered(delivery)}${because(delivery)}. A refused request is not sent again.`,
      };
    case 'Retrying':
      return {
        tone: 'warning',
        toastTitle: STAGING_TEXTS.testNotReached,
        toastDescription: 'The platform tries again shortly; the recent deliveries below show each attempt.',
        line: `Not delivered: the receiver ${answered(delivery)}${because(delivery)}. The platform tries again later (5 attempts in all).`,
      };
    case 'NotDelivered':
      return {
        tone: 'error',
        toastTitle: STAGING_TEXTS.testNotReached,
        line: `Not delivered${because(delivery)}.`,
      };
    default:
      return {
        tone: 'info',
        toastTitle: STAGING_TEXTS.testTriggered,
        line: 'Sent: the receiver has not answered yet. The recent deliveries below show its answer.',
      };
  }
}
