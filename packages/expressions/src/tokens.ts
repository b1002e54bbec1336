import { expressionError, type ExpressionError } from './errors.ts';

export type Token =
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'string'; value: string; start: number; end: number }
  | { kind: 'date'; value: string; start: number; end: number }
  /** A word; `lower` is there because keywords are case-insensitive. */
  | { kind: 'word'; text: string; lower: string; start: number; end: number }
  | { kind: 'symbol'; text: SymbolText; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

export type SymbolText = '(' | ')' | ',' | '.' | '=' | '<>' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | '/' | '%';

export const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false', 'null']);

const TWO_CHAR_SYMBOLS = new Set(['<>', '<=', '>=']);
const ONE_CHAR_SYMBOLS = new Set(['(', ')', ',', '.', '=', '<', '>', '+', '-', '*', '/', '%']);

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; error: ExpressionError };

/** Splits the text into tokens; the last token is always `end` at `text.length`. */
export function tokenize(text: string): LexResult {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)/.exec(text.slice(i)) as RegExpExecArray;
      i += match[0].length;
      if (/[A-Za-z_]/.test(text[i] ?? '')) {
        return fail(`'${text.slice(start, i + 1)}' at position ${start} is not a number or a name`, start);
      }
      tokens.push({ kind: 'number', value: Number(match[0]), start, end: i });
      continue;
    }
    if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i)) as RegExpExecArray;
      i += match[0].length;
      tokens.push({ kind: 'word', text: match[0], lower: match[0].toLowerCase(), start, end: i });
      continue;
    }
    if (char === "'") {
      const string = readString(text, i);
      if (!string.ok) return string;
      tokens.push({ kind: 'string', value: string.value, start, end: string.end });
      i = string.end;
      continue;
    }
    if (char === '#') {
      const close = text.indexOf('#', i + 1);
      if (close < 0) return fail(`The date starting at position ${start} has no closing '#'`, start);
      const raw = text.slice(i + 1, close);
      const value = parseUsDate(raw.trim());
      if (value === null) {
        return fail(
          `'#${raw}#' at position ${start} is not a date; write month/day/year, optionally with a time (#6/15/2016#, #6/15/2016 14:30#)`,
          start,
        );
      }
      i = close + 1;
      tokens.push({ kind: 'date', value, start, end: i });
      continue;
    }
    const two = text.slice(i, i + 2);
    if (TWO_CHAR_SYMBOLS.has(two)) {
      i += 2;
      tokens.push({ kind: 'symbol', text: two as SymbolText, start, end: i });
      continue;
    }
    if (ONE_CHAR_SYMBOLS.has(char)) {
      i += 1;
      tokens.push({ kind: 'symbol', text: char as SymbolText, start, end: i });
      continue;
    }
    const hint =
      char === '"'
        ? '; strings use single quotes'
        : two === '!=' || two === '=='
          ? "; use '<>' for not equal and '=' for equal"
          : char === '&' || char === '|' || char === '!'
            ? "; use 'and', 'or', 'not'"
            : '';
    return fail(`Unexpected character '${char}' at position ${start}${hint}`, start);
  }
  tokens.push({ kind: 'end', start: text.length, end: text.length });
  return { ok: true, tokens };
}

function fail(message: string, position: number): { ok: false; error: ExpressionError } {
  return { ok: false, error: expressionError('Expression.InvalidToken', message, position) };
}

/**
 * Reads a single-quoted string. A quote inside is written `''` (canonical, what the printer
 * emits) or `\'`; `\\` is one backslash; any other backslash is kept as it is, so Windows-like
 * paths and regex-looking text need no escaping.
 */
function readString(
  text: string,
  start: number,
): { ok: true; value: string; end: number } | { ok: false; error: ExpressionError } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (char === "'") {
      if (next === "'") {
        value += "'";
        i += 2;
        continue;
      }
      return { ok: true, value, end: i + 1 };
    }
    if (char === '\\' && (next === "'" || next === '\\')) {
      value += next;
      i += 2;
      continue;
    }
    value += char;
    i += 1;
  }
  return fail(`The string starting at position ${start} has no closing quote`, start);
}

/**
 * `M/D/YYYY`, optionally followed by `H:MM`, `H:MM:SS` and `AM`/`PM`, read as UTC so the
 * result does not depend on where the code runs. Returns the ISO string or null when invalid.
 */
export function parseUsDate(raw: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/.exec(raw);
  if (!match) return null;
  const [, month, day, year, hourText, minute, second, meridiem] = match;
  let hour = Number(hourText ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  const parts = [Number(year), Number(month) - 1, Number(day), hour, Number(minute ?? 0), Number(second ?? 0)] as const;
  const date = new Date(Date.UTC(...parts));
  // Date.UTC rolls 2/30 over into March; a date that does not round-trip was not a real date.
  const roundTrips =
    date.getUTCFullYear() === parts[0] &&
    date.getUTCMonth() === parts[1] &&
    date.getUTCDate() === parts[2] &&
    date.getUTCHours() === parts[3] &&
    date.getUTCMinutes() === parts[4] &&
    date.getUTCSeconds() === parts[5];
  return roundTrips ? date.toISOString() : null;
}

/** The canonical spelling of a date literal: `#6/15/2016#`, with `HH:MM:SS` (24-hour) when not midnight. */
export function formatUsDate(iso: string): string {
  const date = new Date(iso);
  const day = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  if (seconds === 0) return `#${day}#`;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `#${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}#`;
}
