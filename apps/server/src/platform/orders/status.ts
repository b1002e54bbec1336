import type { Item } from '../engine/item.ts';
import { ApiError } from '../engine/errors.ts';

/** The statuses of orders and order returns alike (the `OrderStatus` enum). */
export type OrderStatus = 'Unsubmitted' | 'AwaitingApproval' | 'Declined' | 'Open' | 'Completed' | 'Canceled';

/** What moves an order (or an order return) from one status to another. */
export type StatusAction = 'Submit' | 'SubmitForApproval' | 'Approve' | 'Decline' | 'Cancel' | 'Complete' | 'Ship';

/** One move of the status machine: where it may start, where it ends, what it stamps. */
export interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Date field stamped with the time of the transition. */
  date: string;
  /** Error code (and message) when the current status does not allow the action. */
  errorCode: string;
  message: string;
  /** More precise codes for particular current statuses (cancelling an unsubmitted return). */
  errorFor?: Partial<Readonly<Record<OrderStatus, { code: string; message: string }>>>;
}

/** The moves an order (or an order return) can make, by action. */
export type TransitionTable = Readonly<Partial<Record<StatusAction, Transition>>>;

/**
 * How orders move. Shipping everything completes an order, so `Ship` ends where `Complete` does;
 * a declined order may go back through `Submit` only when its approver allowed a resubmit.
 */
export const ORDER_TRANSITIONS: TransitionTable = {
  Submit: {
    from: ['Unsubmitted'],
    to: 'Open',
    date: 'DateSubmitted',
    errorCode: 'Order.CannotSubmitBadStatus',
    message: 'Cannot submit an order with this status. Order status must be Unsubmitted.',
  },
  SubmitForApproval: {
    from: ['Unsubmitted'],
    to: 'AwaitingApproval',
    date: 'DateSubmitted',
    errorCode: 'Order.CannotSubmitBadStatus',
    message: 'Cannot submit an order with this status. Order status must be Unsubmitted.',
  },
  Approve: {
    from: ['AwaitingApproval'],
    to: 'Open',
    date: 'DateApproved',
    errorCode: 'Order.MustBeAwaitingApproval',
    message: 'Cannot process an order with this status. Order status must be AwaitingApproval.',
  },
  Decline: {
    from: ['AwaitingApproval'],
    to: 'Declined',
    date: 'DateDeclined',
    errorCode: 'Order.MustBeAwaitingApproval',
    message: 'Cannot process an order with this status. Order status must be AwaitingApproval.',
  },
  Cancel: {
    from: ['Unsubmitted', 'AwaitingApproval', 'Open'],
    to: 'Canceled',
    date: 'DateCanceled',
    errorCode: 'Order.CannotCancelInCurrentStatus',
    message: 'Cannot cancel an order with this status.',
  },
  Complete: {
    from: ['Open'],
    to: 'Completed',
    date: 'DateCompleted',
    errorCode: 'Order.CannotCompleteBadStatus',
    message: 'Cannot complete an order with this status. Order status must be Open.',
  },
  Ship: {
    from: ['Open'],
    to: 'Completed',
    date: 'DateCompleted',
    errorCode: 'Order.CannotShipBadStatus',
    message: 'Cannot ship an order with this status. Order status must be Open.',
  },
};

/** How order returns move; completed returns may still be cancelled, by order admins only (checked by the caller). */
export const RETURN_TRANSITIONS: TransitionTable = {
  Submit: {
    from: ['Unsubmitted'],
    to: 'Open',
    date: 'DateSubmitted',
    errorCode: 'Order.CannotSubmitBadStatus',
    message: 'Cannot submit an order return with this status. Its status must be Unsubmitted.',
  },
  SubmitForApproval: {
    from: ['Unsubmitted'],
    to: 'AwaitingApproval',
    date: 'DateSubmitted',
    errorCode: 'Order.CannotSubmitBadStatus',
    message: 'Cannot submit an order return with this status. Its status must be Unsubmitted.',
  },
  Approve: {
    from: ['AwaitingApproval'],
    to: 'Open',
    date: 'DateApproved',
    errorCode: 'Order.MustBeAwaitingApproval',
    message: 'Cannot approve an order return with this status. Its status must be AwaitingApproval.',
  },
  Decline: {
    from: ['AwaitingApproval'],
    to: 'Declined',
    date: 'DateDeclined',
    errorCode: 'Order.MustBeAwaitingApproval',
    message: 'Cannot decline an order return with this status. Its status must be AwaitingApproval.',
  },
  Cancel: {
    from: ['AwaitingApproval', 'Open', 'Completed'],
    to: 'Canceled',
    date: 'DateCanceled',
    errorCode: 'Order.CannotCancelInCurrentStatus',
    message: 'Cannot cancel an order return with this status.',
    errorFor: {
      Unsubmitted: {
        code: 'OrderReturn.CannotCancelUnsubmitted',
        message: 'Cannot cancel an unsubmitted order return; delete it instead.',
      },
    },
  },
  Complete: {
    from: ['Open'],
    to: 'Completed',
    date: 'DateCompleted',
    errorCode: 'OrderReturn.CannotCompleteBadStatus',
    message: 'Cannot complete an order return with this status. Its status must be Open.',
  },
};

/** The status of a stored order or return (a missing one counts as Unsubmitted, as on create). */
export function statusOf(item: Item): OrderStatus {
  return (typeof item.Status === 'string' ? item.Status : 'Unsubmitted') as OrderStatus;
}

/** Whether `action` may be taken from the item's current status; `alsoFrom` widens it (resubmits). */
export function canTransition(
  table: TransitionTable,
  action: StatusAction,
  item: Item,
  alsoFrom: readonly OrderStatus[] = [],
): boolean {
  const transition = table[action];
  if (!transition) return false;
  const status = statusOf(item);
  return transition.from.includes(status) || alsoFrom.includes(status);
}

/**
 * The item after `action`: new status and its date stamped. Throws the platform's error for the
 * current status when the action is not allowed. Never changes the item it is given.
 */
export function applyTransition(
  table: TransitionTable,
  action: StatusAction,
  item: Item,
  now: string,
  alsoFrom: readonly OrderStatus[] = [],
): Item {
  const transition = table[action];
  if (!transition) throw new Error(`No ${action} transition in this table`);
  const status = statusOf(item);
  if (!canTransition(table, action, item, alsoFrom)) {
    const specific = transition.errorFor?.[status];
    throw new ApiError(400, specific?.code ?? transition.errorCode, specific?.message ?? transition.message, {
      ID: item.ID ?? null,
      Status: status,
    });
  }
  const next: Item = { ...item, Status: transition.to, [transition.date]: now };
  // Order returns have no IsSubmitted; orders keep it true from the first submit on.
  if ((action === 'Submit' || action === 'SubmitForApproval') && 'IsSubmitted' in item) next.IsSubmitted = true;
  return next;
}
