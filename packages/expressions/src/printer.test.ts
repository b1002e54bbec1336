import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripSpans, type BinaryOperator, type Expr, type LiteralExpr, type PathExpr } from './ast.ts';
import { KEYWORDS } from './tokens.ts';
import { parseExpression } from './parser.ts';
import { printExpression } from './printer.ts';

function reparse(text: string): Expr {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return parsed.ast;
}

function canonical(text: string): string {
  return printExpression(reparse(text));
}

describe('printing', () => {
  it.each([
    ['order.Total>20 AND order.xp.Rush=TRUE', 'order.Total > 20 and order.xp.Rush = true'],
    ['((a))', 'a'],
    ['(a or b) and c', '(a or b) and c'],
    ['a or (b and c)', 'a or b and c'],
    ['(a and b) or c', 'a and b or c'],
    ['a - (b - c)', 'a - (b - c)'],
    ['(a - b) - c', 'a - b - c'],
    ['a / (b * c)', 'a / (b * c)'],
    ['(a + b) * c', '(a + b) * c'],
    ['-(a * b)', '-(a * b)'],
    ['(-a) * b', '-a * b'],
    ['- - a', '- -a'],
    ['5 - -3', '5 - -3'],
    ['not (a and b)', 'not (a and b)'],
    ['not (a = b)', 'not a = b'],
    ['(a = b) = true', '(a = b) = true'],
    ['a = (b = c)', 'a = (b = c)'],
    ['x = (not y)', 'x = (not y)'],
    ['MIN( a ,b )', 'min(a, b)'],
    ["Items.Any( CostCenter='ABC' )", "Items.any(CostCenter = 'ABC')"],
    ['.5 + 10.250 + 0.0000001', '0.5 + 10.25 + 0.0000001'],
    ["'it\\'s'", "'it''s'"],
    ["'C:\\temp\\\\'", "'C:\\temp\\\\'"],
    ["'a\\b' = 'x\\\\\\''", "'a\\b' = 'x\\\\'''"],
    ['#06/05/2016 00:00#', '#6/5/2016#'],
    ['#6/5/2016 9:30 PM#', '#6/5/2016 21:30:00#'],
    ['null <> NULL', 'null <> null'],
    ["IN( order.xp.Region ,'East','West' )", "in(order.xp.Region, 'East', 'West')"],
    ["order.xp.Region.In('a')", "order.xp.Region.in('a')"],
    ["Item.Product.InParentCategory('Bikes')", "Item.Product.inparentcategory('Bikes')"],
    ['Round(order.Subtotal*.1,2)', 'round(order.Subtotal * 0.1, 2)'],
    ['IF(a>1,(b),-c)', 'if(a > 1, b, -c)'],
    ['ifs(a, 1, b, 2, 3) * 2', 'ifs(a, 1, b, 2, 3) * 2'],
  ])('%s → %s', (text, expected) => {
    expect(canonical(text)).toBe(expected);
    expect(canonical(expected)).toBe(expected);
  });
});

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPERATORS: BinaryOperator[] = ['or', 'and', '=', '<>', '<', '>', '<=', '>=', '+', '-', '*', '/', '%'];
const PATHS = [['order', 'Total'], ['item', 'Product', 'xp', 'Not'], ['ProductID'], ['order', 'xp', 'Tags']];
const STRINGS = ['', 'tag*', "it's", 'a\\', "\\'", 'C:\\x', 'and'];
const NUMBERS = [0, 1, 0.15, 10, -3, 12.5, 1e-7, 123456789];

/** Random trees in the shape the parser produces (negative numbers as literals, no -0). */
function generate(next: () => number, depth: number): Expr {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const span = { start: 0, end: 0 };
  const leaf = depth <= 0 || next() < 0.25;
  if (leaf) {
    switch (pick(['number', 'string', 'boolean', 'null', 'date', 'path'] as const)) {
      case 'number':
        return { type: 'literal', kind: 'number', value: pick(NUMBERS), ...span };
      case 'string':
        return { type: 'literal', kind: 'string', value: pick(STRINGS), ...span };
      case 'boolean':
        return { type: 'literal', kind: 'boolean', value: next() < 0.5, ...span };
      case 'null':
        return { type: 'literal', kind: 'null', value: null, ...span };
      case 'date':
        return {
          type: 'literal',
          kind: 'date',
          value: pick(['2016-06-15T00:00:00.000Z', '2020-01-02T03:04:05.000Z']),
          ...span,
        };
      case 'path':
        return { type: 'path', segments: [...pick(PATHS)], ...span };
    }
  }
  const shape = pick(['binary', 'binary', 'binary', 'not', 'negate', 'call', 'free'] as const);
  const child = () => generate(next, depth - 1);
  switch (shape) {
    case 'binary':
      return { type: 'binary', operator: pick(OPERATORS), left: child(), right: child(), ...span };
    case 'not':
      return { type: 'unary', operator: 'not', operand: child(), ...span };
    case 'negate': {
      const operand = child();
      // The parser folds `-<number>` into a literal, so such a tree is never produced.
      if (operand.type === 'literal' && operand.kind === 'number') return operand;
      return { type: 'unary', operator: '-', operand, ...span };
    }
    case 'call':
      return {
        type: 'call',
        target: { type: 'path', segments: [...pick(PATHS)], ...span },
        name: pick(['any', 'contains', 'count']),
        nameStart: 0,
        args: next() < 0.3 ? [] : [child()],
        ...span,
      };
    case 'free':
      return {
        type: 'call',
        target: null,
        name: pick(['min', 'max']),
        nameStart: 0,
        args: [child(), child()],
        ...span,
      };
  }
}

describe('round trip: parse(print(tree)) equals tree', () => {
  it('holds for 2000 generated trees', () => {
    const next = random(20240615);
    let deep = 0;
    for (let i = 0; i < 2000; i += 1) {
      const tree = generate(next, 5);
      const text = printExpression(tree);
      const parsed = parseExpression(text);
      if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
      expect(stripSpans(parsed.ast), text).toEqual(stripSpans(tree));
      expect(printExpression(parsed.ast)).toBe(text);
      if (text.includes('(') && text.length > 40) deep += 1;
    }
    // The generator must reach interesting shapes, or the property proves little.
    expect(deep).toBeGreaterThan(500);
  });

  it('would notice a printer that dropped needed parentheses', () => {
    const tree = reparse('(a or b) and c');
    const withoutParens = 'a or b and c';
    expect(stripSpans(reparse(withoutParens))).not.toEqual(stripSpans(tree));
  });
});

/** Trees in the shape the parser produces, using the functions added for the public platform's parity. */
const span = { start: 0, end: 0 };
const word = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/);
const pathArb: fc.Arbitrary<PathExpr> = fc
  .tuple(
    word.filter((w) => !KEYWORDS.has(w.toLowerCase())),
    fc.array(word, { maxLength: 3 }),
  )
  .map(([first, rest]) => ({ type: 'path', segments: [first, ...rest], ...span }));
const literalArb: fc.Arbitrary<LiteralExpr> = fc.oneof(
  fc
    .tuple(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.boolean())
    .filter(([n]) => n === 0 || n >= 1e-6)
    .map(([n, negative]) => ({
      type: 'literal' as const,
      kind: 'number' as const,
      // The parser folds `-n` into the literal, and -0 back to 0.
      value: negative && n !== 0 ? -n : Math.abs(n),
      ...span,
    })),
  fc.string().map((value) => ({ type: 'literal' as const, kind: 'string' as const, value, ...span })),
  fc.boolean().map((value) => ({ type: 'literal' as const, kind: 'boolean' as const, value, ...span })),
  fc.constant({ type: 'literal' as const, kind: 'null' as const, value: null, ...span }),
);
const call = (name: string, target: PathExpr | null, args: Expr[]): Expr => ({
  type: 'call',
  target,
  name,
  nameStart: 0,
  args,
  ...span,
});
const { expr: exprArb } = fc.letrec<{ expr: Expr }>((tie) => {
  const child = tie('expr');
  return {
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      literalArb,
      pathArb,
      fc
        .tuple(fc.constantFrom(...OPERATORS), child, child)
        .map(([operator, left, right]) => ({ type: 'binary' as const, operator, left, right, ...span })),
      child.map((operand) => ({ type: 'unary' as const, operator: 'not' as const, operand, ...span })),
      child
        // The parser folds `-<number>` into a literal, so such a tree is never produced.
        .filter((operand) => !(operand.type === 'literal' && operand.kind === 'number'))
        .map((operand) => ({ type: 'unary' as const, operator: '-' as const, operand, ...span })),
      fc.array(child, { minLength: 2, maxLength: 4 }).map((args) => call('in', null, args)),
      fc.tuple(pathArb, fc.array(child, { minLength: 1, maxLength: 3 })).map(([on, args]) => call('in', on, args)),
      fc.array(child, { minLength: 1, maxLength: 2 }).map((args) => call('round', null, args)),
      fc.array(child, { minLength: 3, maxLength: 3 }).map((args) => call('if', null, args)),
      fc
        .integer({ min: 1, max: 3 })
        .chain((pairs) => fc.array(child, { minLength: pairs * 2 + 1, maxLength: pairs * 2 + 1 }))
        .map((args) => call('ifs', null, args)),
      fc
        .tuple(fc.constantFrom(['item', 'product'], ['product'], ['Item', 'Product']), fc.string())
        .map(([segments, id]) =>
          call('inparentcategory', { type: 'path', segments: [...segments], ...span }, [
            { type: 'literal', kind: 'string', value: id, ...span },
          ]),
        ),
    ),
  };
});

describe('round trip with in, round, if, ifs and inparentcategory (fast-check)', () => {
  it('parse(print(tree)) equals tree, and printing is stable', () => {
    fc.assert(
      fc.property(exprArb, (tree) => {
        const text = printExpression(tree);
        const parsed = parseExpression(text);
        if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
        expect(stripSpans(parsed.ast)).toEqual(stripSpans(tree));
        expect(printExpression(parsed.ast)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
