import { describe, expect, it } from 'vitest';
import { STAGING_TEXTS } from './staging-restore-model';
import { testOutcome } from './test-outcome';

describe('testOutcome', () => {
  it('gives the spec success toast only to a delivered test', () => {
    expect(testOutcome({ Status: 'Delivered', LastStatusCode: 204, LastError: null })).toMatchObject({
      tone: 'success',
      toastTitle: STAGING_TEXTS.tested,
    });
    for (const Status of ['Failed', 'Retrying', 'NotDelivered', 'Pending', 'Sending'] as const) {
      const outcome = testOutcome({ Status, LastStatusCode: Status === 'Failed' ? 400 : null, LastError: null });
      expect(outcome.tone).not.toBe('success');
      expect(outcome.toastTitle).not.toBe(STAGING_TEXTS.tested);
    }
  });

  it('says a refusal is not sent again and an unreachable receiver is tried again', () => {
    const refused = { Status: 'Failed', LastStatusCode: 403, LastError: 'The receiver answered HTTP 403.' } as const;
    expect(testOutcome(refused).line).toBe(
      'Failed: the receiver answered HTTP 403. A refused request is not sent again.',
    );
    expect(testOutcome({ Status: 'Retrying', LastStatusCode: 503, LastError: null })).toMatchObject({
      tone: 'warning',
      line: 'Not delivered: the receiver answered HTTP 503. The platform tries again later (5 attempts in all).',
    });
  });
});
