import { describe, expect, it } from 'vitest';
import { stripSpans, type Expr } from './ast.ts';
import { parseExpression } from './parser.ts';
import { printExpression } from './printer.ts';

function ast(text: string): Expr {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return parsed.ast;
}

/** Fully parenthesised rendering, so a test reads the grouping the parser chose. */
function grouping(expr: Expr): string {
  switch (expr.type) {
    case 'binary':
      return `(${grouping(expr.left)} ${expr.operator} ${grouping(expr.right)})`;
    case 'unary':
      return `(${expr.operator} ${grouping(expr.operand)})`;
    case 'call':
      return `${expr.target ? `${expr.target.segments.join('.')}.` : ''}${expr.name}(${expr.args.map(grouping).join(', ')})`;
    default:
      return printExpression(expr);
  }
}

function errorOf(text: string) {
  const parsed = parseExpression(text);
  if (parsed.ok) throw new Error(`${text} parsed`);
  return parsed.error;
}

describe('precedence and associativity', () => {
  it.each([
    ['a or b and c', '(a or (b and c))'],
    ['a and b or c', '((a and b) or c)'],
    ['not a and b', '((not a) and b)'],
    ['not a = b', '(not (a = b))'],
    ['not not a', '(not (not a))'],
    ['a = b and c <> d', '((a = b) and (c <> d))'],
    ['a + b * c', '(a + (b * c))'],
    ['a * b + c', '((a * b) + c)'],
    ['a - b - c', '((a - b) - c)'],
    ['a / b / c', '((a / b) / c)'],
    ['a % b * c', '((a % b) * c)'],
    ['a or b or c', '((a or b) or c)'],
    ['a and b and c', '((a and b) and c)'],
    ['-a * b', '((- a) * b)'],
    ['- -a', '(- (- a))'],
    ['-(a + b)', '(- (a + b))'],
    ['a + b > c * d', '((a + b) > (c * d))'],
    ['(a or b) and c', '((a or b) and c)'],
    ['a - (b - c)', '(a - (b - c))'],
    ['items.count() + 1 >= 2', '((items.count() + 1) >= 2)'],
    ['min(a, b + c) * 2', '(min(a, (b + c)) * 2)'],
  ])('%s', (text, expected) => {
    expect(grouping(ast(text))).toBe(expected);
  });

  it('folds a minus before a number into a negative literal', () => {
    expect(stripSpans(ast('-3'))).toEqual({ type: 'literal', kind: 'number', value: -3 });
    expect(stripSpans(ast('5 - -3'))).toMatchObject({ operator: '-', right: { kind: 'number', value: -3 } });
    expect(stripSpans(ast('- 0'))).toEqual({ type: 'literal', kind: 'number', value: 0 });
    expect(Object.is((ast('-0') as { value: number }).value, 0)).toBe(true);
  });
});

describe('nodes', () => {
  it('reads literals', () => {
    expect(stripSpans(ast('.15'))).toEqual({ type: 'literal', kind: 'number', value: 0.15 });
    expect(stripSpans(ast("'x'"))).toEqual({ type: 'literal', kind: 'string', value: 'x' });
    expect(stripSpans(ast('TRUE'))).toEqual({ type: 'literal', kind: 'boolean', value: true });
    expect(stripSpans(ast('False'))).toEqual({ type: 'literal', kind: 'boolean', value: false });
    expect(stripSpans(ast('NULL'))).toEqual({ type: 'literal', kind: 'null', value: null });
    expect(stripSpans(ast('#6/15/2016#'))).toEqual({
      type: 'literal',
      kind: 'date',
      value: '2016-06-15T00:00:00.000Z',
    });
  });

  it('reads paths and calls with their targets', () => {
    expect(stripSpans(ast('order.FromUser.xp.Tier'))).toEqual({
      type: 'path',
      segments: ['order', 'FromUser', 'xp', 'Tier'],
    });
    expect(stripSpans(ast("item.product.InCategory('Bikes')"))).toEqual({
      type: 'call',
      target: { type: 'path', segments: ['item', 'product'] },
      name: 'incategory',
      args: [{ type: 'literal', kind: 'string', value: 'Bikes' }],
    });
    expect(stripSpans(ast('now()'))).toEqual({ type: 'call', target: null, name: 'now', args: [] });
    // Keywords are ordinary names after a dot.
    expect(stripSpans(ast('order.xp.Not'))).toEqual({ type: 'path', segments: ['order', 'xp', 'Not'] });
  });

  it('reads keywords in any case', () => {
    expect(grouping(ast('a AND b Or NOT c'))).toBe('((a and b) or (not c))');
  });

  it('puts start and end offsets on every node', () => {
    const text = "order.Total > 20 AND items.any(CostCenter = 'ABC')";
    const root = ast(text);
    expect(root).toMatchObject({ start: 0, end: text.length });
    if (root.type !== 'binary' || root.right.type !== 'call') throw new Error('shape');
    expect(root.left).toMatchObject({ start: 0, end: 16 });
    expect(root.right).toMatchObject({ start: 21, end: text.length, nameStart: 27 });
    expect(root.right.target).toMatchObject({ start: 21, end: 26 });
    expect(root.right.args[0]).toMatchObject({ start: 31, end: text.length - 1 });
    const negative = ast('x * -3');
    expect(negative.type === 'binary' && negative.right).toMatchObject({ start: 4, end: 6 });
  });
});

describe('syntax errors', () => {
  it.each([
    ['', 0, 'empty'],
    ['   ', 0, 'empty'],
    ['order.Total >', 13, 'end of the expression'],
    ['order.Total > 5 5', 16, 'the number 5'],
    ['(order.Total > 5', 16, "Expected ')'"],
    ['order.Total > 5)', 15, "')'"],
    ['a = b = c', 6, 'cannot be chained'],
    ['a < b > c', 6, 'cannot be chained'],
    ['order.', 6, "after '.'"],
    ['order..Total', 6, "after '.'"],
    ['and a', 0, "'and'"],
    ['a and or b', 6, "'or'"],
    ['min(1 2)', 6, "Expected ',' or ')'"],
    ['min(1,)', 6, 'Expected a value'],
    ['items.any(', 10, 'Expected a value'],
    ['a = not b', 4, "'not'"],
    ['5(3)', 1, "'('"],
  ])('%j fails at %i', (text, position, fragment) => {
    const error = errorOf(text);
    expect(error.code).toBe('Expression.InvalidSyntax');
    expect(error.position).toBe(position);
    expect(error.message).toContain(fragment);
  });

  it('reports bad tokens as InvalidToken', () => {
    expect(errorOf("order.Name = 'abc")).toMatchObject({ code: 'Expression.InvalidToken', position: 13 });
    expect(errorOf('order.Total != 5')).toMatchObject({ code: 'Expression.InvalidToken', position: 12 });
  });
});
