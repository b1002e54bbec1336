import { describe, expect, it } from 'vitest';
import { formatOrderStatus, ORDER_STATUSES, orderStatusPalette, toOrderStatus } from './order-status';

describe('order status formatter', () => {
  it('recognises the six statuses', () => {
    expect(ORDER_STATUSES.map(formatOrderStatus)).toEqual([
      'Unsubmitted',
      'Awaiting approval',
      'Declined',
      'Open',
      'Completed',
      'Canceled',
    ]);
  });

  it('maps anything unknown to Completed', () => {
    expect(toOrderStatus('Shipped')).toBe('Completed');
    expect(formatOrderStatus(undefined)).toBe('Completed');
    expect(formatOrderStatus('open')).toBe('Completed');
    expect(orderStatusPalette(42)).toBe('green');
  });

  it('gives each status a badge palette', () => {
    expect(ORDER_STATUSES.map(orderStatusPalette)).toEqual(['gray', 'orange', 'red', 'blue', 'green', 'red']);
  });
});
