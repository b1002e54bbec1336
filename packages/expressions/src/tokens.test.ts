import { describe, expect, it } from 'vitest';
import { formatUsDate, parseUsDate, tokenize } from './tokens.ts';

function lex(text: string) {
  const result = tokenize(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.tokens.map((t) => ('value' in t ? t.value : 'text' in t ? t.text : t.kind));
}

function lexError(text: string) {
  const result = tokenize(text);
  if (result.ok) throw new Error(`${text} lexed`);
  return result.error;
}

describe('tokens', () => {
  it('splits operators, longest first', () => {
    expect(lex('a<>b<=c>=d<e>f=g')).toEqual([
      'a',
      '<>',
      'b',
      '<=',
      'c',
      '>=',
      'd',
      '<',
      'e',
      '>',
      'f',
      '=',
      'g',
      'end',
    ]);
    expect(lex('1+2-3*4/5%6')).toEqual([1, '+', 2, '-', 3, '*', 4, '/', 5, '%', 6, 'end']);
  });

  it('reads numbers with and without a leading digit', () => {
    expect(lex('.15 10 0.5 007')).toEqual([0.15, 10, 0.5, 7, 'end']);
    expect(lex('order.xp.a1')).toEqual(['order', '.', 'xp', '.', 'a1', 'end']);
  });

  it("reads strings with '' and \\' for a quote and \\\\ for a backslash", () => {
    expect(lex("'it''s'")).toEqual(["it's", 'end']);
    expect(lex("'it\\'s'")).toEqual(["it's", 'end']);
    expect(lex("'C:\\temp'")).toEqual(['C:\\temp', 'end']);
    expect(lex("'a\\\\'")).toEqual(['a\\', 'end']);
    expect(lex("''")).toEqual(['', 'end']);
    expect(lex("'a and b'")).toEqual(['a and b', 'end']);
  });

  it('reads US dates, with an optional time, as UTC', () => {
    expect(lex('#6/15/2016#')).toEqual(['2016-06-15T00:00:00.000Z', 'end']);
    expect(lex('#12/31/2020 23:59:58#')).toEqual(['2020-12-31T23:59:58.000Z', 'end']);
    expect(parseUsDate('1/2/2021 2:05 pm')).toBe('2021-01-02T14:05:00.000Z');
    expect(parseUsDate('1/2/2021 12:00 AM')).toBe('2021-01-02T00:00:00.000Z');
    expect(parseUsDate('2/30/2021')).toBeNull();
    expect(parseUsDate('13/1/2021')).toBeNull();
    expect(parseUsDate('2021-01-02')).toBeNull();
    expect(formatUsDate('2016-06-15T00:00:00.000Z')).toBe('#6/15/2016#');
    expect(formatUsDate('2021-01-02T14:05:00.000Z')).toBe('#1/2/2021 14:05:00#');
  });

  it('reports what it cannot read as InvalidToken at its position', () => {
    expect(lexError('order.Total @ 5')).toMatchObject({ code: 'Expression.InvalidToken', position: 12 });
    expect(lexError('a = "x"')).toMatchObject({ position: 4, message: expect.stringContaining('single quotes') });
    expect(lexError("a = 'open")).toMatchObject({ position: 4, message: expect.stringContaining('no closing quote') });
    expect(lexError('a = #6/15/2016')).toMatchObject({ position: 4, message: expect.stringContaining("closing '#'") });
    expect(lexError('a = #2016-06-15#')).toMatchObject({ position: 4, message: expect.stringContaining('not a date') });
    expect(lexError('a && b')).toMatchObject({ position: 2, message: expect.stringContaining("'and'") });
    expect(lexError('12abc')).toMatchObject({ position: 0 });
    // A trailing backslash escapes the closing quote; a literal one at the end is written \\.
    expect(lexError("'C:\\temp\\'")).toMatchObject({
      position: 0,
      message: expect.stringContaining('no closing quote'),
    });
  });
});
