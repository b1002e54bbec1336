import type { ArithmeticOperator, ComparisonOperator } from './ast.ts';

/**
 * What an expression can produce. Paths can land on objects and arrays of the order's JSON, so
 * those are values too; `Date` comes from date literals and `now()`.
 */
export type ExpressionValue =
  string | number | boolean | null | Date | readonly unknown[] | { readonly [key: string]: unknown };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Anything from the data, with `undefined` (a missing property) as null. */
export function toValue(value: unknown): ExpressionValue {
  // The data is parsed JSON, so whatever is there is already one of the value shapes.
  return value === undefined ? null : (value as ExpressionValue);
}

/** Property lookup: the exact key first, then the first key equal ignoring case. */
export function getProperty(value: unknown, name: string): ExpressionValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) return null;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, name)) return toValue(record[name]);
  const lower = name.toLowerCase();
  const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
  return key === undefined ? null : toValue(record[key]);
}

/** Only `true` (or the text 'true', as xp sometimes stores it) is true; null and everything else is false. */
export function isTrue(value: ExpressionValue): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/** Numbers, and strings that are entirely a number (xp values saved as text). */
export function toNumber(value: ExpressionValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) return Number(value);
  return null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Dates and ISO 8601 strings (what the platform's JSON holds). A date-time without a zone is
 * read as UTC, like the platform's own timestamps, so results do not depend on where code runs.
 */
export function toDate(value: ExpressionValue): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  let text = value.trim().replace(' ', 'T');
  if (match[4] !== undefined && match[7] === undefined) text += 'Z';
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `*` matches any run of characters; the match ignores case and covers the whole text. */
export function wildcardMatch(text: string, pattern: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return new RegExp(`^${source}$`, 'i').test(text);
}

/**
 * Equality. null equals only null. Dates compare as instants when either side is a date; numbers
 * numerically (numeric text counts); booleans with booleans (or 'true'/'false' text); strings
 * ignoring case, with `*` in either side (the right one first) as a wildcard.
 */
export function valuesEqual(left: ExpressionValue, right: ExpressionValue): boolean {
  if (left === null || right === null) return left === right;
  if (left instanceof Date || right instanceof Date) {
    const a = toDate(left);
    const b = toDate(right);
    return a !== null && b !== null && a.getTime() === b.getTime();
  }
  if (typeof left === 'number' || typeof right === 'number') {
    const a = toNumber(left);
    const b = toNumber(right);
    return a !== null && b !== null && a === b;
  }
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    const a = typeof left === 'string' ? left.toLowerCase() : left;
    const b = typeof right === 'string' ? right.toLowerCase() : right;
    return String(a) === String(b) && (typeof a === 'boolean' || a === 'true' || a === 'false');
  }
  if (typeof left === 'string' && typeof right === 'string') {
    if (right.includes('*')) return wildcardMatch(left, right);
    if (left.includes('*')) return wildcardMatch(right, left);
    return left.toLowerCase() === right.toLowerCase();
  }
  return false;
}

/** -1, 0, 1, or null when the two cannot be ordered (null, or types that do not mix). */
export function order(left: ExpressionValue, right: ExpressionValue): number | null {
  if (left === null || right === null) return null;
  if (left instanceof Date || right instanceof Date) {
    const a = toDate(left);
    const b = toDate(right);
    return a === null || b === null ? null : Math.sign(a.getTime() - b.getTime());
  }
  if (typeof left === 'number' || typeof right === 'number') {
    const a = toNumber(left);
    const b = toNumber(right);
    return a === null || b === null ? null : Math.sign(a - b);
  }
  if (typeof left === 'string' && typeof right === 'string') {
    const a = left.toLowerCase();
    const b = right.toLowerCase();
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return null;
}

export function compareValues(operator: ComparisonOperator, left: ExpressionValue, right: ExpressionValue): boolean {
  if (operator === '=') return valuesEqual(left, right);
  if (operator === '<>') return !valuesEqual(left, right);
  const sign = order(left, right);
  if (sign === null) return false;
  switch (operator) {
    case '<':
      return sign < 0;
    case '>':
      return sign > 0;
    case '<=':
      return sign <= 0;
    default:
      return sign >= 0;
  }
}

/**
 * Arithmetic. null counts as 0 (a missing `order.ShippingCost` adds nothing). A date plus or
 * minus a number moves it by that many days; date minus date is the difference in days.
 * Division or remainder by zero, and operands that are not numbers, give null.
 */
export function arithmetic(
  operator: ArithmeticOperator,
  left: ExpressionValue,
  right: ExpressionValue,
): ExpressionValue {
  const leftDate = left instanceof Date ? left : null;
  const rightDate = right instanceof Date ? right : null;
  if (leftDate && rightDate) return operator === '-' ? (leftDate.getTime() - rightDate.getTime()) / DAY_MS : null;
  if (leftDate || rightDate) {
    const other = leftDate ? right : left;
    const days = other === null ? 0 : toNumber(other);
    const date = (leftDate ?? rightDate) as Date;
    if (days === null) return null;
    if (operator === '+') return addDays(date, days);
    if (operator === '-' && leftDate) return addDays(date, -days);
    return null;
  }
  const a = left === null ? 0 : toNumber(left);
  const b = right === null ? 0 : toNumber(right);
  if (a === null || b === null) return null;
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? null : a / b;
    case '%':
      return b === 0 ? null : a % b;
  }
}

/** The most decimals `round` takes: the platform's decimal amounts keep at most 28. */
export const MAX_ROUND_DIGITS = 28;

/** Whether `digits` is a number of decimals `round` accepts: a whole number from 0 to MAX_ROUND_DIGITS. */
export function isDecimalCount(digits: number): boolean {
  return Number.isInteger(digits) && digits >= 0 && digits <= MAX_ROUND_DIGITS;
}

/**
 * Rounds to `digits` decimals, halves away from zero (2.345 → 2.35, -2.5 → -3), as amounts of money are
 * rounded by hand. The scaled value is first cut to 15 significant digits, so a decimal that binary
 * floating point holds a hair below the half (1.005 is 1.00499999…) still rounds up as written.
 * Beyond 15 decimals a double has nothing left to round.
 */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  if (digits > 15 || value === 0) return value;
  const factor = 10 ** digits;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  // -0.001 rounds to 0, not to -0.
  return rounded === 0 ? 0 : rounded;
}
