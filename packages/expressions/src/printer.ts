import { binaryPrecedence, precedenceOf, PRECEDENCE, type Expr, type LiteralExpr } from './ast.ts';
import { formatUsDate } from './tokens.ts';

/**
 * Canonical text for a tree: keywords in lower case, one space around binary operators,
 * `, ` between arguments, strings in single quotes with `''` for a quote, and parentheses only
 * where precedence needs them. Parsing the result gives the same tree (offsets aside).
 */
export function printExpression(expr: Expr): string {
  switch (expr.type) {
    case 'literal':
      return printLiteral(expr);
    case 'path':
      return expr.segments.join('.');
    case 'call': {
      const callee = expr.target ? `${expr.target.segments.join('.')}.${expr.name}` : expr.name;
      return `${callee}(${expr.args.map(printExpression).join(', ')})`;
    }
    case 'unary': {
      const needsParens = precedenceOf(expr.operand) < precedenceOf(expr);
      const operand = wrap(expr.operand, needsParens);
      // A space after `-` keeps `- -3` from reading as one token in other tools; `not` needs one anyway.
      return expr.operator === 'not' ? `not ${operand}` : `-${operand.startsWith('-') ? ' ' : ''}${operand}`;
    }
    case 'binary': {
      const own = binaryPrecedence(expr.operator);
      // Comparisons do not chain, so a comparison inside a comparison always needs parentheses.
      const leftLimit = own === PRECEDENCE.comparison ? own + 1 : own;
      const left = wrap(expr.left, precedenceOf(expr.left) < leftLimit);
      // Left-associative: an equal-precedence right operand was parenthesised in the source.
      const right = wrap(expr.right, precedenceOf(expr.right) <= own);
      return `${left} ${expr.operator} ${right}`;
    }
  }
}

function wrap(expr: Expr, parenthesise: boolean): string {
  const text = printExpression(expr);
  return parenthesise ? `(${text})` : text;
}

function printLiteral(expr: LiteralExpr): string {
  switch (expr.kind) {
    case 'number':
      return formatNumber(expr.value);
    case 'string':
      return `'${escapeString(expr.value)}'`;
    case 'boolean':
      return expr.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'date':
      return formatUsDate(expr.value);
  }
}

/** Plain decimal notation: the lexer has no exponents, so `1e-7` must print as `0.0000001`. */
export function formatNumber(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 17 });
}

/**
 * `'` becomes `''`. A backslash is doubled only where the lexer would otherwise read it as the
 * start of an escape (before `'` or `\`, or at the very end), so ordinary backslashes print as is.
 */
function escapeString(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i] as string;
    const next = value[i + 1];
    if (char === "'") out += "''";
    else if (char === '\\' && (next === undefined || next === "'" || next === '\\')) out += '\\\\';
    else out += char;
  }
  return out;
}
