import { describe, expect, it } from 'vitest';
import { diffLines, fieldChangeText, fieldChangeView, INLINE_LIMIT, NOT_SET, valueText } from './field-diff';
import { relativeTime } from './relative-time';

describe('fieldChangeView', () => {
  it('reads a short value inline as old and new', () => {
    expect(fieldChangeView({ Path: 'Name', Old: 'Mug', New: 'Cup' })).toEqual({
      kind: 'inline',
      path: 'Name',
      old: 'Mug',
      new: 'Cup',
    });
    expect(fieldChangeView({ Path: 'Active', Old: false, New: true })).toMatchObject({ old: 'false', new: 'true' });
  });

  it('reads a field set for the first time or removed as not set on that side', () => {
    expect(fieldChangeView({ Path: 'Description', New: 'Blue' })).toMatchObject({ old: NOT_SET, new: 'Blue' });
    expect(fieldChangeView({ Path: 'Description', Old: 'Blue' })).toMatchObject({ old: 'Blue', new: NOT_SET });
    expect(fieldChangeView({ Path: 'Description', Old: 'Blue', New: null })).toMatchObject({ new: 'null' });
  });

  it('never shows a secret: it reads changed, whatever the record holds', () => {
    const view = fieldChangeView({ Path: 'Password', Secret: true, Old: 'leak', New: 'leak2' });
    expect(view).toEqual({ kind: 'secret', path: 'Password' });
    expect(fieldChangeText({ Path: 'ClientSecret', Secret: true })).toBe('ClientSecret: changed');
  });

  it('reads xp as JSON lines with the changed property removed and added', () => {
    const view = fieldChangeView({
      Path: 'xp',
      Old: { Color: 'Red', Size: 'L' },
      New: { Color: 'Blue', Size: 'L' },
    });
    expect(view.kind).toBe('lines');
    if (view.kind !== 'lines') return;
    expect(view.lines).toEqual([
      { mark: ' ', text: '{' },
      { mark: '-', text: '  "Color": "Red",' },
      { mark: '+', text: '  "Color": "Blue",' },
      { mark: ' ', text: '  "Size": "L"' },
      { mark: ' ', text: '}' },
    ]);
  });

  it('reads a price break change inside a list line by line', () => {
    const view = fieldChangeView({
      Path: 'PriceBreaks',
      Old: [{ Quantity: 1, Price: 10 }],
      New: [{ Quantity: 1, Price: 12.5 }],
    });
    if (view.kind !== 'lines') throw new Error(`expected lines, got ${view.kind}`);
    expect(view.lines.filter((line) => line.mark !== ' ')).toEqual([
      { mark: '-', text: '    "Price": 10' },
      { mark: '+', text: '    "Price": 12.5' },
    ]);
  });

  it('moves a long text to the line diff', () => {
    const long = 'x'.repeat(INLINE_LIMIT + 1);
    expect(fieldChangeView({ Path: 'Description', Old: 'short', New: long }).kind).toBe('lines');
    expect(fieldChangeView({ Path: 'Description', Old: 'a\nb', New: 'a\nc' })).toEqual({
      kind: 'lines',
      path: 'Description',
      lines: [
        { mark: ' ', text: 'a' },
        { mark: '-', text: 'b' },
        { mark: '+', text: 'c' },
      ],
    });
  });

  it('shows a new object whole as added', () => {
    const view = fieldChangeView({ Path: 'xp', New: { A: 1 } });
    if (view.kind !== 'lines') throw new Error('expected lines');
    expect(view.lines.every((line) => line.mark === '+')).toBe(true);
  });
});

describe('diffLines', () => {
  it('keeps common lines once and in order', () => {
    const lines = diffLines(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e']);
    expect(lines.map((line) => `${line.mark}${line.text}`)).toEqual([' a', '-b', ' c', ' d', '+e']);
  });

  it('handles empty sides', () => {
    expect(diffLines([], ['a'])).toEqual([{ mark: '+', text: 'a' }]);
    expect(diffLines(['a'], [])).toEqual([{ mark: '-', text: 'a' }]);
    expect(diffLines([], [])).toEqual([]);
  });
});

describe('valueText', () => {
  it('writes strings as they are and other values as JSON', () => {
    expect(valueText('Red')).toBe('Red');
    expect(valueText(3)).toBe('3');
    expect(valueText([1, 2])).toBe('[1,2]');
    expect(valueText(undefined)).toBe(NOT_SET);
  });
});

describe('relativeTime', () => {
  const now = new Date('2024-03-05T12:00:00Z');
  it('says how long ago in the largest whole unit', () => {
    expect(relativeTime('2024-03-05T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2024-03-05T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2024-03-05T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2024-03-04T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2024-02-20T12:00:00Z', now)).toBe('2 weeks ago');
  });
  it('reads a moment slightly ahead of the browser clock as just now', () => {
    expect(relativeTime('2024-03-05T12:00:05Z', now)).toBe('just now');
  });
});
