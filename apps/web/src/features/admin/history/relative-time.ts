// "5 minutes ago": how long ago a change was, beside the exact moment (DateTime) on hover.

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const phrases = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long before `now` a moment was, in the largest whole unit; under a minute is "just now" (as is a moment a
 * little ahead of this browser's clock: the time comes from the database's).
 *
 * @example
 * relativeTime('2024-03-05T12:00:00Z', new Date('2024-03-05T12:05:30Z')); // '5 minutes ago'
 * relativeTime('2024-03-04T12:00:00Z', new Date('2024-03-05T12:00:00Z')); // 'yesterday'
 */
export function relativeTime(value: string, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(value).getTime()) / 1000);
  if (Number.isNaN(seconds)) return value;
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return phrases.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
