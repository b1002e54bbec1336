import { describe, expect, it } from 'vitest';
import { ApiError } from '../engine/errors.ts';
import {
  applyTransition,
  canTransition,
  ORDER_TRANSITIONS,
  RETURN_TRANSITIONS,
  type OrderStatus,
  type StatusAction,
} from './status.ts';

const NOW = '2024-05-01T10:00:00.000Z';
const order = (Status: OrderStatus) => ({ ID: 'o1', Status, IsSubmitted: Status !== 'Unsubmitted' });

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.errors[0]?.ErrorCode;
    throw error;
  }
}

describe('order status transitions', () => {
  const table: Array<[StatusAction, OrderStatus, OrderStatus, string]> = [
    ['Submit', 'Unsubmitted', 'Open', 'DateSubmitted'],
    ['SubmitForApproval', 'Unsubmitted', 'AwaitingApproval', 'DateSubmitted'],
    ['Approve', 'AwaitingApproval', 'Open', 'DateApproved'],
    ['Decline', 'AwaitingApproval', 'Declined', 'DateDeclined'],
    ['Cancel', 'Unsubmitted', 'Canceled', 'DateCanceled'],
    ['Cancel', 'AwaitingApproval', 'Canceled', 'DateCanceled'],
    ['Cancel', 'Open', 'Canceled', 'DateCanceled'],
    ['Complete', 'Open', 'Completed', 'DateCompleted'],
    ['Ship', 'Open', 'Completed', 'DateCompleted'],
  ];

  it.each(table)('%s moves %s to %s and stamps %s', (action, from, to, dateField) => {
    const next = applyTransition(ORDER_TRANSITIONS, action, order(from), NOW);
    expect(next.Status).toBe(to);
    expect(next[dateField]).toBe(NOW);
  });

  it('marks an order submitted on submit and leaves the given object alone', () => {
    const before = order('Unsubmitted');
    const next = applyTransition(ORDER_TRANSITIONS, 'Submit', before, NOW);
    expect(next.IsSubmitted).toBe(true);
    expect(before).toEqual(order('Unsubmitted'));
  });

  it('answers the platform error codes for statuses that do not allow the action', () => {
    expect(codeOf(() => applyTransition(ORDER_TRANSITIONS, 'Submit', order('Open'), NOW))).toBe(
      'Order.CannotSubmitBadStatus',
    );
    expect(codeOf(() => applyTransition(ORDER_TRANSITIONS, 'Approve', order('Open'), NOW))).toBe(
      'Order.MustBeAwaitingApproval',
    );
    expect(codeOf(() => applyTransition(ORDER_TRANSITIONS, 'Decline', order('Unsubmitted'), NOW))).toBe(
      'Order.MustBeAwaitingApproval',
    );
    expect(codeOf(() => applyTransition(ORDER_TRANSITIONS, 'Cancel', order('Completed'), NOW))).toBe(
      'Order.CannotCancelInCurrentStatus',
    );
    expect(codeOf(() => applyTransition(ORDER_TRANSITIONS, 'Complete', order('AwaitingApproval'), NOW))).toBe(
      'Order.CannotCompleteBadStatus',
    );
    expect(codeOf(() => applyTransition(ORDER_TRANSITIONS, 'Ship', order('Unsubmitted'), NOW))).toBe(
      'Order.CannotShipBadStatus',
    );
  });

  it('lets a declined order be submitted again only when asked to', () => {
    expect(canTransition(ORDER_TRANSITIONS, 'Submit', order('Declined'))).toBe(false);
    expect(canTransition(ORDER_TRANSITIONS, 'Submit', order('Declined'), ['Declined'])).toBe(true);
    expect(applyTransition(ORDER_TRANSITIONS, 'Submit', order('Declined'), NOW, ['Declined']).Status).toBe('Open');
  });

  it('has no way out of Canceled or Completed', () => {
    for (const action of Object.keys(ORDER_TRANSITIONS) as StatusAction[]) {
      expect(canTransition(ORDER_TRANSITIONS, action, order('Canceled')), action).toBe(false);
      expect(canTransition(ORDER_TRANSITIONS, action, order('Completed')), action).toBe(false);
    }
  });
});

describe('order return status transitions', () => {
  const orderReturn = (Status: OrderStatus) => ({ ID: 'r1', Status });

  it('submits, approves and completes without touching IsSubmitted', () => {
    const open = applyTransition(RETURN_TRANSITIONS, 'Submit', orderReturn('Unsubmitted'), NOW);
    expect(open).toEqual({ ID: 'r1', Status: 'Open', DateSubmitted: NOW });
    expect(applyTransition(RETURN_TRANSITIONS, 'Complete', open, NOW).Status).toBe('Completed');
    expect(applyTransition(RETURN_TRANSITIONS, 'Approve', orderReturn('AwaitingApproval'), NOW).Status).toBe('Open');
  });

  it('refuses to cancel an unsubmitted return with its own code', () => {
    expect(codeOf(() => applyTransition(RETURN_TRANSITIONS, 'Cancel', orderReturn('Unsubmitted'), NOW))).toBe(
      'OrderReturn.CannotCancelUnsubmitted',
    );
    expect(codeOf(() => applyTransition(RETURN_TRANSITIONS, 'Cancel', orderReturn('Canceled'), NOW))).toBe(
      'Order.CannotCancelInCurrentStatus',
    );
    expect(applyTransition(RETURN_TRANSITIONS, 'Cancel', orderReturn('Completed'), NOW).Status).toBe('Canceled');
  });

  it('completes only Open returns', () => {
    expect(codeOf(() => applyTransition(RETURN_TRANSITIONS, 'Complete', orderReturn('Unsubmitted'), NOW))).toBe(
      'OrderReturn.CannotCompleteBadStatus',
    );
  });
});
