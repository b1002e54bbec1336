// DATES AND TIMES
// One way to write a moment across the portal: day, short month and year (spec 2 §2 "Display date format"), then the
// time and the zone it is in, e.g. `5 Mar 2024, 23:30 UTC`. Text is in UTC unless the spec names local time (the
// index errors' "Local DateTime"); the other zone is a hover away, so nobody converts in their head. Everything below
// the component is pure (the zone is an argument), so the tests pin exact text.

/** How much of a moment to show: the day alone (lists, spec 2 §2), or down to the minute or second. */
export type DateTimePrecision = 'date' | 'minute' | 'second';

/** Which zone the visible text is in; the hover text gives the other one. */
export type DateTimeZone = 'utc' | 'local';

export interface DateTimeFormatOptions {
  /** Defaults to `minute`. */
  precision?: DateTimePrecision;
  /** An IANA zone such as `Europe/Berlin`; defaults to `UTC`. */
  timeZone?: string;
}

export type DateTimeInput = string | number | Date;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The browser's own zone (`Europe/Berlin`), read when needed so a test can set it. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A day without a time (`2025-06-17`, a release note's date): it is the same day everywhere, so it gets no zone and
 * no hover text.
 */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && CALENDAR_DATE.test(value);
}

/**
 * The moment a value names, or null when it names none. Strings are ISO 8601 as the platform writes them; numbers are
 * milliseconds since 1970; a calendar date is read as its UTC midnight.
 */
export function parseDateTime(value: unknown): Date | null {
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else if (isCalendarDate(value)) {
    date = new Date(`${value}T00:00:00Z`);
    // Engines roll an impossible day over (2025-02-30 becomes 2 March); it names no day.
    if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) !== value) return null;
  } else if (typeof value === 'string' && value.trim() !== '') date = new Date(value.trim());
  else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

// Formatters are costly to create and a long list formats hundreds of cells, so each combination is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, precision: DateTimePrecision): Intl.DateTimeFormat {
  const key = `${timeZone}|${precision}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(precision === 'date'
        ? {}
        : {
            hour: '2-digit',
            minute: '2-digit',
            ...(precision === 'second' ? { second: '2-digit' } : {}),
            hourCycle: 'h23',
            timeZoneName: 'shortOffset',
          }),
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * The zone as an offset from UTC (`UTC`, `UTC+1`, `UTC-5`, `UTC+5:30`): the same wording in every browser, where
 * zone abbreviations differ by language and are ambiguous (IST).
 */
function zoneLabel(timeZoneName: string): string {
  const offset = /^GMT([-+\u2212].*)?$/.exec(timeZoneName.trim());
  if (!offset) return timeZoneName;
  const sign = offset[1]?.replace('\u2212', '-') ?? '';
  // Engines write no offset as `GMT` or `GMT+0`.
  return /^([-+]0+(:00)?)?$/.test(sign) ? 'UTC' : `UTC${sign}`;
}

/**
 * A moment as the portal writes it. Parts are assembled by hand because the joining words of `Intl` ("," or "at")
 * change between browser versions. A value that is not a date comes back as it was, so nothing disappears.
 *
 * @example
 * formatDateTime('2024-03-05T23:30:00Z'); // '5 Mar 2024, 23:30 UTC'
 * formatDateTime('2024-03-05T23:30:00Z', { precision: 'date' }); // '5 Mar 2024'
 * formatDateTime('2024-03-05T23:30:00Z', { timeZone: 'Europe/Berlin' }); // '6 Mar 2024, 00:30 UTC+1'
 * formatDateTime('2025-06-17'); // '17 Jun 2025' (a calendar date has no time or zone)
 */
export function formatDateTime(value: DateTimeInput, options: DateTimeFormatOptions = {}): string {
  const date = parseDateTime(value);
  if (!date) return value instanceof Date ? '' : String(value);
  const calendar = isCalendarDate(value);
  const precision = calendar ? 'date' : (options.precision ?? 'minute');
  // A calendar date is the same day everywhere: shown from its UTC midnight, never shifted by a zone.
  const timeZone = calendar ? 'UTC' : (options.timeZone ?? 'UTC');
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(timeZone, precision).formatToParts(date)) parts[part.type] = part.value;
  const day = `${parts.day} ${parts.month} ${parts.year}`;
  if (precision === 'date') return day;
  const time = [parts.hour, parts.minute, ...(precision === 'second' ? [parts.second] : [])].join(':');
  return `${day}, ${time} ${zoneLabel(parts.timeZoneName ?? '')}`;
}

/**
 * The hover text of a moment shown in `zone`: the other zone, to the minute, said in words. Empty for a calendar date
 * or a value that is not a date.
 *
 * @example
 * dateTimeTitle('2024-03-05T23:30:00Z', 'utc', 'Europe/Berlin'); // 'Your time (Europe/Berlin): 6 Mar 2024, 00:30 UTC+1'
 * dateTimeTitle('2024-03-05T23:30:00Z', 'local', 'Europe/Berlin'); // 'In UTC: 5 Mar 2024, 23:30 UTC'
 */
export function dateTimeTitle(value: DateTimeInput, zone: DateTimeZone, timeZone: string = localTimeZone()): string {
  if (isCalendarDate(value) || !parseDateTime(value)) return '';
  if (zone === 'local') return `In UTC: ${formatDateTime(value, { timeZone: 'UTC' })}`;
  return `Your time (${timeZone}): ${formatDateTime(value, { timeZone })}`;
}

/**
 * What a date input holding UTC (`YYYY-MM-DDTHH:mm`, the generated forms' datetime-local) means, in the portal's
 * words and in the user's time, so the browser's own rendering of the box is never the only reading. Empty while
 * the box holds no whole date.
 *
 * @example
 * utcInputHint('2024-03-05T23:30', 'Europe/Berlin'); // '5 Mar 2024, 23:30 UTC (your time: 6 Mar 2024, 00:30 UTC+1)'
 */
export function utcInputHint(value: string, timeZone: string = localTimeZone()): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return '';
  const moment = `${value}Z`;
  if (!parseDateTime(moment)) return '';
  const utc = formatDateTime(moment);
  return timeZone === 'UTC' ? utc : `${utc} (your time: ${formatDateTime(moment, { timeZone })})`;
}

/** The moment a wall-clock time (`YYYY-MM-DDTHH:mm[:ss]`) names in a zone, or null when it names none. */
function wallTimeIn(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  // Reject what Date.UTC would roll over (31 Feb, 25:00) rather than show another day.
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day || check.getUTCHours() !== hour) {
    return null;
  }
  // The zone's offset at a moment: its wall clock then, read as if it were UTC, minus the moment. Taken twice, so a
  // time near a daylight-saving change uses the offset in force at the moment found.
  const offsetAt = (moment: number) => {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of wallClock(timeZone).formatToParts(moment)) parts[part.type] = part.value;
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return wall - Math.floor(moment / 1000) * 1000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let found = wallClocks.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, found);
  }
  return found;
}

/**
 * What a date input holding the user's own time (`YYYY-MM-DDTHH:mm`, the order sync's local inputs, spec 1 §2) means,
 * in the portal's words with the zone named, and in UTC as the platform will read it. Empty while the box holds no
 * whole date.
 *
 * @example
 * localInputHint('2024-03-05T23:30', 'Europe/Berlin'); // '5 Mar 2024, 23:30 UTC+1 (in UTC: 5 Mar 2024, 22:30 UTC)'
 */
export function localInputHint(value: string, timeZone: string = localTimeZone()): string {
  const moment = wallTimeIn(value, timeZone);
  if (!moment) return '';
  const local = formatDateTime(moment, { timeZone });
  return timeZone === 'UTC' || local.endsWith(' UTC') ? local : `${local} (in UTC: ${formatDateTime(moment)})`;
}

export interface DateTimeProps {
  /** An ISO 8601 string (as the platform sends), a `Date` or milliseconds; empty values show `fallback`. */
  value: DateTimeInput | null | undefined;
  precision?: DateTimePrecision;
  /** Defaults to `utc`; `local` only where the spec asks for the user's time. */
  zone?: DateTimeZone;
  /** What an empty value shows; defaults to nothing. */
  fallback?: string;
}

/**
 * A moment in the portal's one format, with the other zone on hover (a `title`, which every pointer device shows and
 * which adds no tab stop to a long list). A value that is not a date shows as it came.
 */
export function DateTime({ value, precision = 'minute', zone = 'utc', fallback = '' }: DateTimeProps) {
  if (value === null || value === undefined || value === '') return <>{fallback}</>;
  const date = parseDateTime(value);
  if (!date) return <>{String(value)}</>;
  const timeZone = localTimeZone();
  const text = formatDateTime(value, { precision, timeZone: zone === 'local' ? timeZone : 'UTC' });
  const title = dateTimeTitle(value, zone, timeZone);
  return (
    <time dateTime={isCalendarDate(value) ? value : date.toISOString()} title={title || undefined}>
      {text}
    </time>
  );
}
