import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DateTime,
  dateTimeTitle,
  formatDateTime,
  isCalendarDate,
  localInputHint,
  parseDateTime,
  utcInputHint,
} from './date-time';

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

const MOMENT = '2024-03-05T23:30:05.250Z';

describe('formatDateTime', () => {
  it('writes day, short month, year, time and UTC by default', () => {
    expect(formatDateTime(MOMENT)).toBe('5 Mar 2024, 23:30 UTC');
    expect(formatDateTime(MOMENT, { precision: 'second' })).toBe('5 Mar 2024, 23:30:05 UTC');
    expect(formatDateTime(MOMENT, { precision: 'date' })).toBe('5 Mar 2024');
  });

  it('takes a Date and milliseconds as well as ISO text, with a time zone offset in the text', () => {
    expect(formatDateTime(new Date(MOMENT))).toBe('5 Mar 2024, 23:30 UTC');
    expect(formatDateTime(Date.parse(MOMENT))).toBe('5 Mar 2024, 23:30 UTC');
    expect(formatDateTime('2024-03-06T01:30:00+02:00')).toBe('5 Mar 2024, 23:30 UTC');
  });

  it('writes another zone as its offset from UTC, moving the day when the zone does', () => {
    expect(formatDateTime(MOMENT, { timeZone: 'Europe/Berlin' })).toBe('6 Mar 2024, 00:30 UTC+1');
    expect(formatDateTime(MOMENT, { timeZone: 'America/New_York' })).toBe('5 Mar 2024, 18:30 UTC-5');
    expect(formatDateTime(MOMENT, { timeZone: 'Asia/Kolkata' })).toBe('6 Mar 2024, 05:00 UTC+5:30');
    // London in winter is at UTC's offset: no "+0".
    expect(formatDateTime(MOMENT, { timeZone: 'Europe/London' })).toBe('5 Mar 2024, 23:30 UTC');
    expect(formatDateTime(MOMENT, { timeZone: 'Europe/Berlin', precision: 'date' })).toBe('6 Mar 2024');
  });

  it('keeps midnight as 00, never 24', () => {
    expect(formatDateTime('2024-12-31T00:05:00Z')).toBe('31 Dec 2024, 00:05 UTC');
  });

  it('shows a calendar date as that day in every zone, without a time', () => {
    expect(formatDateTime('2025-06-17')).toBe('17 Jun 2025');
    expect(formatDateTime('2025-06-17', { timeZone: 'America/Los_Angeles', precision: 'second' })).toBe('17 Jun 2025');
  });

  it('gives back a value that is not a date as it came, and an invalid Date as nothing', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime('2025-02-30')).toBe('2025-02-30');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});

describe('parseDateTime and isCalendarDate', () => {
  it('reads ISO text, Dates and milliseconds and refuses anything else', () => {
    expect(parseDateTime(MOMENT)?.toISOString()).toBe(MOMENT);
    expect(parseDateTime('2025-06-17')?.toISOString()).toBe('2025-06-17T00:00:00.000Z');
    expect(parseDateTime('')).toBeNull();
    expect(parseDateTime('   ')).toBeNull();
    expect(parseDateTime('not a date')).toBeNull();
    expect(parseDateTime('2025-02-30')).toBeNull();
    expect(parseDateTime(null)).toBeNull();
    expect(parseDateTime({})).toBeNull();
  });

  it('tells a calendar date from a moment', () => {
    expect(isCalendarDate('2025-06-17')).toBe(true);
    expect(isCalendarDate('2025-06-17T00:00:00Z')).toBe(false);
    expect(isCalendarDate(20250617)).toBe(false);
  });
});

describe('dateTimeTitle', () => {
  it('names the user zone and its time for a UTC text, and UTC for a local one', () => {
    expect(dateTimeTitle(MOMENT, 'utc', 'Europe/Berlin')).toBe('Your time (Europe/Berlin): 6 Mar 2024, 00:30 UTC+1');
    expect(dateTimeTitle(MOMENT, 'local', 'Europe/Berlin')).toBe('In UTC: 5 Mar 2024, 23:30 UTC');
  });

  it('is empty for a calendar date and for text that is not a date', () => {
    expect(dateTimeTitle('2025-06-17', 'utc', 'Europe/Berlin')).toBe('');
    expect(dateTimeTitle('soon', 'utc', 'Europe/Berlin')).toBe('');
  });
});

describe('utcInputHint', () => {
  it('reads a datetime-local value as UTC and adds the user time', () => {
    expect(utcInputHint('2024-03-05T23:30', 'Europe/Berlin')).toBe(
      '5 Mar 2024, 23:30 UTC (your time: 6 Mar 2024, 00:30 UTC+1)',
    );
    expect(utcInputHint('2024-03-05T23:30:15', 'UTC')).toBe('5 Mar 2024, 23:30 UTC');
  });

  it('says nothing while the box holds no whole date', () => {
    expect(utcInputHint('', 'Europe/Berlin')).toBe('');
    expect(utcInputHint('2024-03-05', 'Europe/Berlin')).toBe('');
    expect(utcInputHint('2024-13-45T99:00', 'Europe/Berlin')).toBe('');
  });
});

describe('localInputHint', () => {
  it("reads a datetime-local value in the user's zone, names the zone and gives the UTC moment", () => {
    expect(localInputHint('2024-03-05T23:30', 'Europe/Berlin')).toBe(
      '5 Mar 2024, 23:30 UTC+1 (in UTC: 5 Mar 2024, 22:30 UTC)',
    );
    // Summer time: the offset in force on that day, not today's.
    expect(localInputHint('2024-07-01T08:00', 'America/New_York')).toBe(
      '1 Jul 2024, 08:00 UTC-4 (in UTC: 1 Jul 2024, 12:00 UTC)',
    );
    expect(localInputHint('2024-01-02T20:00', 'America/New_York')).toBe(
      '2 Jan 2024, 20:00 UTC-5 (in UTC: 3 Jan 2024, 01:00 UTC)',
    );
    expect(localInputHint('2024-03-05T23:30', 'UTC')).toBe('5 Mar 2024, 23:30 UTC');
  });

  it('says nothing while the box holds no whole date', () => {
    expect(localInputHint('', 'Europe/Berlin')).toBe('');
    expect(localInputHint('2024-03-05', 'Europe/Berlin')).toBe('');
    expect(localInputHint('2024-02-31T10:00', 'Europe/Berlin')).toBe('');
  });
});

describe('<DateTime>', () => {
  it('renders a time element in UTC with the user time as its title', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-GB').resolvedOptions(),
      timeZone: 'America/New_York',
    });
    render(<DateTime value={MOMENT} />);
    const time = screen.getByText('5 Mar 2024, 23:30 UTC');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(MOMENT);
    expect(time.getAttribute('title')).toBe('Your time (America/New_York): 5 Mar 2024, 18:30 UTC-5');
  });

  it('renders local time with UTC as the title where the spec asks for local time', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-GB').resolvedOptions(),
      timeZone: 'Europe/Berlin',
    });
    render(<DateTime value={MOMENT} zone="local" precision="second" />);
    const time = screen.getByText('6 Mar 2024, 00:30:05 UTC+1');
    expect(time.getAttribute('title')).toBe('In UTC: 5 Mar 2024, 23:30 UTC');
  });

  it('shows a calendar date without a title, an empty value as the fallback, and other text as it came', () => {
    const { container, rerender } = render(<DateTime value="2025-06-17" />);
    const day = screen.getByText('17 Jun 2025');
    expect(day.getAttribute('datetime')).toBe('2025-06-17');
    expect(day.hasAttribute('title')).toBe(false);
    rerender(<DateTime value={null} fallback="—" />);
    expect(container.textContent).toBe('—');
    rerender(<DateTime value="later" />);
    expect(container.textContent).toBe('later');
    expect(container.querySelector('time')).toBeNull();
  });
});
