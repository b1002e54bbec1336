import type { Item } from '../engine/context.ts';

/**
 * Stand-in for the rules engine (a later piece of work) when deciding whether an approval rule
 * holds for an order or order return. It understands:
 *
 * - `true` / `false`;
 * - comparisons of one property with a literal: `order.Total > 100`, `order.xp.Rush = true`,
 *   `order.FromCompanyID = 'b1'`, `order.BillingAddress.Country <> 'US'` (`=`, `<>`, `<`, `>`, `<=`, `>=`);
 * - such comparisons joined with `and` / `or` (no parentheses; `and` binds tighter).
 *
 * Anything else (collection functions, arithmetic, parentheses) is not understood and counts as
 * not matching, so an unreadable rule never blocks an order.
 *
 * @example
 * evaluateSimpleRule('order.Total > 500 and order.xp.Rush = true', { Total: 750, xp: { Rush: true } }) // true
 */
export function evaluateSimpleRule(expression: string, subject: Item): boolean {
  return evaluate(expression, subject) === true;
}

/** Whether the evaluator can read the expression at all (for reporting unreadable rules). */
export function isSimpleRule(expression: string): boolean {
  return evaluate(expression, {}) !== undefined;
}

function evaluate(expression: string, subject: Item): boolean | undefined {
  const text = expression.trim();
  if (text === '') return undefined;
  const alternatives = splitWord(text, 'or');
  let result = false;
  for (const alternative of alternatives) {
    let all = true;
    for (const part of splitWord(alternative, 'and')) {
      const value = comparison(part.trim(), subject);
      if (value === undefined) return undefined;
      all &&= value;
    }
    result ||= all;
  }
  return result;
}

/** Splits on a keyword outside quotes, case-insensitively. */
function splitWord(text: string, word: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === "'") quoted = !quoted;
    const ahead = text.slice(i, i + word.length + 2).toLowerCase();
    if (!quoted && ahead === ` ${word} `) {
      parts.push(current);
      current = '';
      i += word.length + 1;
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

const COMPARISON = /^order\.([A-Za-z0-9_.]+)\s*(<>|<=|>=|=|<|>)\s*(.+)$/i;

function comparison(text: string, subject: Item): boolean | undefined {
  const lowered = text.toLowerCase();
  if (lowered === 'true') return true;
  if (lowered === 'false') return false;
  const match = text.match(COMPARISON);
  if (!match) return undefined;
  const [, path = '', operator = '', rawLiteral = ''] = match;
  const literal = parseLiteral(rawLiteral.trim());
  if (literal === undefined) return undefined;
  const actual = valueAt(subject, path.split('.'));
  return compare(actual, operator, literal);
}

function parseLiteral(raw: string): string | number | boolean | null | undefined {
  if (/^'[^']*'$/.test(raw)) return raw.slice(1, -1);
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const lowered = raw.toLowerCase();
  if (lowered === 'true') return true;
  if (lowered === 'false') return false;
  if (lowered === 'null') return null;
  return undefined;
}

function valueAt(subject: Item, path: readonly string[]): unknown {
  let current: unknown = subject;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Item)[segment];
  }
  return current;
}

function compare(actual: unknown, operator: string, literal: string | number | boolean | null): boolean {
  const left = actual ?? null;
  if (operator === '=') return equals(left, literal);
  if (operator === '<>') return !equals(left, literal);
  if (typeof left === 'number' && typeof literal === 'number') {
    if (operator === '<') return left < literal;
    if (operator === '>') return left > literal;
    if (operator === '<=') return left <= literal;
    return left >= literal;
  }
  if (typeof left === 'string' && typeof literal === 'string') {
    if (operator === '<') return left < literal;
    if (operator === '>') return left > literal;
    if (operator === '<=') return left <= literal;
    return left >= literal;
  }
  return false;
}

/** Equality as the rules engine has it: strings ignore case, and `*` in a literal is a wildcard. */
function equals(left: unknown, literal: string | number | boolean | null): boolean {
  if (typeof left === 'string' && typeof literal === 'string') {
    if (literal.includes('*')) {
      const pattern = literal
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${pattern}$`, 'i').test(left);
    }
    return left.toLowerCase() === literal.toLowerCase();
  }
  return left === literal;
}
