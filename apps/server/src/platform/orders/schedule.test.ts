import { describe, expect, it } from 'vitest';
import { addInterval, isDue, notificationDate } from './schedule.ts';

describe('next order dates', () => {
  it('adds days and weeks', () => {
    expect(addInterval('2024-01-30T09:00:00.000Z', 3, 'Days')).toBe('2024-02-02T09:00:00.000Z');
    expect(addInterval('2024-12-25T09:00:00.000Z', 2, 'Weeks')).toBe('2025-01-08T09:00:00.000Z');
  });

  it('adds months keeping the day, or the last day of a shorter month', () => {
    expect(addInterval('2024-01-15T09:00:00.000Z', 1, 'Months')).toBe('2024-02-15T09:00:00.000Z');
    expect(addInterval('2024-01-31T09:00:00.000Z', 1, 'Months')).toBe('2024-02-29T09:00:00.000Z');
    expect(addInterval('2023-01-31T09:00:00.000Z', 1, 'Months')).toBe('2023-02-28T09:00:00.000Z');
    expect(addInterval('2024-11-30T23:30:00.000Z', 3, 'Months')).toBe('2025-02-28T23:30:00.000Z');
    expect(addInterval('2024-03-31T00:00:00.000Z', 12, 'Months')).toBe('2025-03-31T00:00:00.000Z');
  });
});

describe('due subscriptions', () => {
  const now = new Date('2024-05-01T12:00:00.000Z');
  const subscription = { Active: true, NextOrderDate: '2024-05-01T10:00:00.000Z', EndDate: null };

  it('are active, due within the last five hours and not ended', () => {
    expect(isDue(subscription, now)).toBe(true);
    expect(isDue({ ...subscription, NextOrderDate: '2024-05-01T07:00:00.000Z' }, now)).toBe(true);
    expect(isDue({ ...subscription, NextOrderDate: '2024-05-01T06:59:59.000Z' }, now)).toBe(false);
    expect(isDue({ ...subscription, NextOrderDate: '2024-05-01T12:00:01.000Z' }, now)).toBe(false);
    expect(isDue({ ...subscription, Active: false }, now)).toBe(false);
    expect(isDue({ ...subscription, EndDate: '2024-05-01T11:00:00.000Z' }, now)).toBe(false);
    expect(isDue({ ...subscription, EndDate: '2024-06-01T00:00:00.000Z' }, now)).toBe(true);
  });
});

describe('notification dates', () => {
  it('come NotificationDays before the next order', () => {
    expect(notificationDate('2024-05-10T08:00:00.000Z', 3)).toBe('2024-05-07T08:00:00.000Z');
    expect(notificationDate('2024-05-10T08:00:00.000Z', null)).toBeNull();
    expect(notificationDate(null, 3)).toBeNull();
  });
});
