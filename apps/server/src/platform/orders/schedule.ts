import type { Item } from '../engine/item.ts';

/** The `SubscriptionInterval` enum. */
export type SubscriptionInterval = 'Days' | 'Weeks' | 'Months';

/** A subscription is picked up while its NextOrderDate is at most this many hours old. */
export const DUE_WINDOW_HOURS = 5;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * `date` moved on by `frequency` × `interval`, in UTC. Months keep the day of the month, or the
 * month's last day when it is shorter (31 January + 1 month = 28 or 29 February).
 */
export function addInterval(date: string, frequency: number, interval: SubscriptionInterval): string {
  const start = new Date(date);
  if (Number.isNaN(start.getTime())) throw new Error(`Not a date: ${date}`);
  if (interval === 'Days') return new Date(start.getTime() + frequency * DAY).toISOString();
  if (interval === 'Weeks') return new Date(start.getTime() + frequency * 7 * DAY).toISOString();
  const targetMonth = start.getUTCMonth() + frequency;
  const firstOfTarget = new Date(Date.UTC(start.getUTCFullYear(), targetMonth, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  const moved = new Date(start);
  moved.setUTCFullYear(
    firstOfTarget.getUTCFullYear(),
    firstOfTarget.getUTCMonth(),
    Math.min(start.getUTCDate(), lastDay),
  );
  return moved.toISOString();
}

/**
 * Whether the subscription run should place an order for it at `now`: it is active, its
 * NextOrderDate lies between `now` minus the due window and `now`, and it has not ended.
 */
export function isDue(subscription: Item, now: Date): boolean {
  if (subscription.Active === false) return false;
  if (typeof subscription.NextOrderDate !== 'string') return false;
  const next = Date.parse(subscription.NextOrderDate);
  const time = now.getTime();
  if (Number.isNaN(next) || next > time || next < time - DUE_WINDOW_HOURS * HOUR) return false;
  if (typeof subscription.EndDate === 'string' && Date.parse(subscription.EndDate) <= time) return false;
  return true;
}

/** When the reminder goes out: `notificationDays` days before the next order, or null without a setting. */
export function notificationDate(nextOrderDate: unknown, notificationDays: unknown): string | null {
  if (typeof nextOrderDate !== 'string' || typeof notificationDays !== 'number') return null;
  const next = Date.parse(nextOrderDate);
  if (Number.isNaN(next)) return null;
  return new Date(next - notificationDays * DAY).toISOString();
}
