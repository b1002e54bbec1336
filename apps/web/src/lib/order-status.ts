/** The order statuses the formatter recognises (spec 1 §3). */
export const ORDER_STATUSES = ['Unsubmitted', 'AwaitingApproval', 'Declined', 'Open', 'Completed', 'Canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const LABELS: Record<OrderStatus, string> = {
  Unsubmitted: 'Unsubmitted',
  AwaitingApproval: 'Awaiting approval',
  Declined: 'Declined',
  Open: 'Open',
  Completed: 'Completed',
  Canceled: 'Canceled',
};

/** Chakra colour palettes for status badges: waiting states warm, finished states green, stopped states red. */
const PALETTES: Record<OrderStatus, string> = {
  Unsubmitted: 'gray',
  AwaitingApproval: 'orange',
  Declined: 'red',
  Open: 'blue',
  Completed: 'green',
  Canceled: 'red',
};

/**
 * The recognised status for a value; anything unknown maps to Completed (spec 1 §3).
 *
 * @example
 * toOrderStatus('AwaitingApproval'); // 'AwaitingApproval'
 * toOrderStatus('Shipped'); // 'Completed'
 */
export function toOrderStatus(value: unknown): OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value) ? (value as OrderStatus) : 'Completed';
}

/**
 * The label shown for an order status.
 *
 * @example
 * formatOrderStatus('AwaitingApproval'); // 'Awaiting approval'
 * formatOrderStatus(undefined); // 'Completed'
 */
export function formatOrderStatus(value: unknown): string {
  return LABELS[toOrderStatus(value)];
}

/**
 * The Chakra colour palette for an order status badge.
 *
 * @example
 * <Badge colorPalette={orderStatusPalette(order.Status)}>{formatOrderStatus(order.Status)}</Badge>
 */
export function orderStatusPalette(value: unknown): string {
  return PALETTES[toOrderStatus(value)];
}
