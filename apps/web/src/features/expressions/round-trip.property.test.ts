import { evaluateExpression, parseExpression, stripSpans, type Expr } from '@portal/expressions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextFor, orderFixture } from '../../../../../packages/expressions/src/fixtures.ts';
import { operatorsFor, type ExpressionField } from './expression-fields';
import { literalKind, type LiteralKind } from './expression-paths';
import { fromExpression } from './from-expression';
import { withoutIds, type GroupOperator, type QueryGroup, type QueryItem, type QueryRule } from './query-tree';
import { realExpressionFields } from './test-fields';
import { toExpression, toExpressionTree } from './to-expression';

// PROPERTY: query tree -> text -> query tree.
// (1) Trees in the builder's canonical shape (rules where `field op value` fits, groups only where precedence
//     needs them) print and read back to exactly the same tree.
// (2) Any tree, canonical or not, keeps its meaning: the text read back means what the tree meant, and the tree
//     read back is a fixed point.

const fields = realExpressionFields();
const pathFields = fields.filter((field) => field.model !== 'Value' && field.type !== 'approvalRuleId');
const xpFields: ExpressionField[] = [
  { name: 'Order.xp.Tags', label: '', model: 'Order', property: 'xp.Tags', type: 'xp' },
  { name: 'LineItem.Product.xp.Color', label: '', model: 'Product', property: 'xp.Color', type: 'xp' },
];

const canonicalNumber = fc
  .oneof(
    fc.integer({ min: -100000, max: 100000 }),
    fc.integer({ min: -100000, max: 100000 }).map((n) => n / 100),
  )
  .map((n) => String(n === 0 ? 0 : n));
const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString());
const plainText = fc.string({ maxLength: 12 });
/** An xp value has no declared type: it is read as it looks, so text that looks like a number is a number. */
const xpValue = fc.oneof(
  canonicalNumber,
  fc.constantFrom('true', 'false'),
  isoDate,
  plainText.filter((text) => !/^-?(\d+(\.\d*)?|\.\d+)$/.test(text) && text !== 'true' && text !== 'false'),
);

function valueFor(kind: LiteralKind): fc.Arbitrary<string> {
  switch (kind) {
    case 'number':
      return canonicalNumber;
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'date':
      return isoDate;
    case 'inferred':
      return xpValue;
    default:
      return plainText;
  }
}

function ruleOf(field: ExpressionField, operator: string): fc.Arbitrary<QueryRule> {
  if (operator === 'value' || operator === 'count') return fc.constant({ field: field.name, operator, value: '' });
  const value = valueFor(literalKind(field, operator));
  if (operator === 'in') {
    return fc
      .array(value, { minLength: 1, maxLength: 3 })
      .map((values) => ({ field: field.name, operator, value: values }));
  }
  return value.map((text) => ({ field: field.name, operator, value: text }));
}

const anyField = fc.constantFrom(...pathFields, ...xpFields);
/** Rules with a boolean result (comparisons, array tests, category). */
const booleanRule = anyField
  .chain((field) => {
    const operators = operatorsFor(field).filter((operator) =>
      ['=', 'not', '<', '>', '<=', '>=', 'containsText', 'containsNumber', 'any', 'all', 'in'].includes(operator),
    );
    return operators.length > 0
      ? fc.constantFrom(...operators).chain((operator) => ruleOf(field, operator))
      : fc.constant(null);
  })
  .filter((rule): rule is QueryRule => rule !== null);
const arithmeticRule = anyField
  .chain((field) => {
    const operators = operatorsFor(field).filter((operator) =>
      ['+', '-', '*', '/', '%', 'count', 'countWithCriteria'].includes(operator),
    );
    return operators.length > 0
      ? fc.constantFrom(...operators).chain((operator) => ruleOf(field, operator))
      : fc.constant(null);
  })
  .filter((rule): rule is QueryRule => rule !== null);
const fieldValueRule = anyField
  .filter((field) => operatorsFor(field).includes('value'))
  .map((field): QueryRule => ({ field: field.name, operator: 'value', value: '' }));
const numberLiteral = canonicalNumber.map((value): QueryRule => ({ field: 'Value.Number', operator: 'value', value }));
const approvalRule = (field: string) => plainText.map((value): QueryRule => ({ field, operator: '=', value }));

const join = (members: QueryItem[][], combinators: fc.Arbitrary<string>) =>
  fc
    .array(combinators, { minLength: members.length - 1, maxLength: members.length - 1 })
    .map((joins) => members.flatMap((list, index) => (index === 0 ? list : [joins[index - 1] as string, ...list])));

/** Canonical trees: flat lists in the language's precedence, groups only for group functions and `not`. */
const canonical = fc.letrec<{
  bool: (QueryItem | string)[];
  boolAtom: (QueryItem | string)[];
  num: (QueryItem | string)[];
  numAtom: QueryItem;
  minMaxArg: QueryItem;
}>((tie) => ({
  bool: fc
    .array(tie('boolAtom'), { minLength: 1, maxLength: 3 })
    .chain((members) => join(members as QueryItem[][], fc.constantFrom('and', 'or'))),
  boolAtom: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    booleanRule.map((rule) => [rule]),
    fc
      .tuple(tie('num'), fc.constantFrom('=', '<>', '<', '>', '<=', '>='), tie('num'))
      .map(([left, op, right]) => [...left, op, ...right]),
    fc
      .tuple(fc.constantFrom<GroupOperator>('items.any', 'items.all'), tie('bool'), fc.boolean())
      .map(([operator, rules, not]) => [{ operator, rules: rules, ...(not ? { not } : {}) }]),
    fc
      .tuple(fc.constantFrom('order.approved', 'orderReturn.approved'), fc.boolean())
      .chain(([operator, not]) =>
        approvalRule(operator === 'order.approved' ? 'ApprovalRule.ID' : 'SellerApprovalRule.ID').map((rule) => [
          { operator: operator as GroupOperator, rules: [rule], ...(not ? { not } : {}) },
        ]),
      ),
    // `not` over a list of two or more (one lone group function takes the not itself).
    fc
      .tuple(tie('boolAtom'), fc.constantFrom('and', 'or'), tie('boolAtom'))
      .map(([left, op, right]) => [{ not: true, rules: [...left, op, ...right] }]),
  ),
  num: fc.array(tie('numAtom'), { minLength: 1, maxLength: 3 }).chain((members) =>
    join(
      members.map((member) => [member as QueryItem]),
      fc.constantFrom('+', '-', '*', '/', '%'),
    ),
  ),
  numAtom: fc.oneof(
    { depthSize: 'small' },
    arithmeticRule,
    numberLiteral,
    fc
      .tuple(fc.constantFrom<GroupOperator>('items.quantity', 'items.count', 'items.total'), tie('bool'))
      .map(([operator, rules]) => ({ operator, rules })),
    fc
      .tuple(fc.constantFrom<GroupOperator>('min', 'max'), tie('minMaxArg'), tie('minMaxArg'))
      .map(([operator, first, second]) => ({ operator, rules: [first, ',', second] })),
  ),
  // A bare field stands alone only as an argument: next to a literal it would read back as one rule.
  minMaxArg: fc.oneof(
    fieldValueRule,
    tie('numAtom'),
    tie('num').map((rules) => (rules.length === 1 ? (rules[0] as QueryItem) : { rules })),
  ),
}));

const canonicalTree = fc.oneof(canonical.bool, canonical.num).map((rules): QueryGroup => ({ rules }));

function meaning(expr: Expr): unknown {
  return JSON.parse(
    JSON.stringify(stripSpans(expr), (key, value: unknown) =>
      key === 'segments' && Array.isArray(value) ? value.map((segment: string) => segment.toLowerCase()) : value,
    ),
  );
}

function readBack(text: string): QueryGroup {
  const result = fromExpression(text, fields);
  if (!result.ok) throw new Error(`${text} did not read back: ${JSON.stringify(result)}`);
  return withoutIds(result.query);
}

/**
 * Fixture orders to evaluate on: the package's order, and one where its amounts and xp differ, so that random
 * comparisons come out true on some and false on others.
 */
const ORDERS = [
  contextFor(),
  contextFor({
    order: { ...orderFixture(), Subtotal: 0, Total: 12.5, xp: { Tags: [], Rush: false, Region: 'South', Score: 7 } },
  }),
];

/** What a tree's text comes to on each fixture order: true or false, or undefined where it is not a yes/no. */
function truths(tree: QueryGroup): (boolean | undefined)[] {
  const parsed = parseExpression(toExpression(tree, fields));
  if (!parsed.ok) throw new Error(`${toExpression(tree, fields)} does not parse`);
  return ORDERS.map((context) => {
    try {
      const value = evaluateExpression(parsed.ast, context);
      return typeof value === 'boolean' ? value : undefined;
    } catch {
      return undefined;
    }
  });
}

// Hundreds of runs each: a few seconds on the shared machine.
describe('query tree round trip (fast-check)', { timeout: 30_000 }, () => {
  it('a canonical tree prints and reads back to the same tree', () => {
    fc.assert(
      fc.property(canonicalTree, (tree) => {
        const text = toExpression(tree, fields);
        expect(readBack(text)).toEqual(withoutIds(tree));
      }),
      { numRuns: 400 },
    );
  });

  it('any tree keeps its meaning through text, and the tree read back is a fixed point', () => {
    // Trees a user can build but that are not canonical: any combinators, redundant or needed groups anywhere.
    const anyTree = fc
      .letrec<{ list: (QueryItem | string)[]; item: QueryItem }>((tie) => ({
        list: fc.array(tie('item'), { minLength: 1, maxLength: 3 }).chain((members) =>
          join(
            members.map((member) => [member]),
            fc.constantFrom('and', 'or', '+', '-', '*', '/', '%', '=', '<>', '<', '>', '<=', '>='),
          ),
        ),
        item: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          booleanRule,
          arithmeticRule,
          fieldValueRule,
          numberLiteral,
          tie('list').map((rules): QueryItem => ({ rules })),
          tie('list').map((rules): QueryItem => ({ not: true, rules })),
          fc
            .tuple(fc.constantFrom<GroupOperator>('items.any', 'items.total'), tie('list'))
            .map(([operator, rules]): QueryItem => ({ operator, rules })),
          fc
            .tuple(fc.constantFrom<GroupOperator>('min', 'max'), tie('item'), tie('item'))
            .map(([operator, first, second]): QueryItem => ({ operator, rules: [first, ',', second] })),
        ),
      }))
      .list.map((rules): QueryGroup => ({ rules }));
    fc.assert(
      fc.property(anyTree, (tree) => {
        const text = toExpression(tree, fields);
        const parsed = parseExpression(text);
        expect(parsed.ok).toBe(true);
        const back = readBack(text);
        expect(meaning(toExpressionTree(back, fields))).toEqual(meaning(toExpressionTree(tree, fields)));
        expect(readBack(toExpression(back, fields))).toEqual(back);
      }),
      { numRuns: 400 },
    );
  });

  // The round trips above compare the tree with itself through the same conversion, so a `not` or a group that
  // conversion dropped would pass them: here the printed text is evaluated on fixture orders and must mean what
  // the tree says, a `not` the opposite and a group its members joined.
  it('a printed tree evaluates as its not, its groups and its read-back say', () => {
    const bool = canonical.bool.map((rules): QueryGroup => ({ rules }));
    let compared = 0;
    fc.assert(
      fc.property(bool, bool, (first, second) => {
        const a = truths(first);
        const b = truths(second);
        const negated = truths({ rules: [{ not: true, rules: first.rules }] });
        const both = truths({ rules: [{ rules: first.rules }, 'and', { rules: second.rules }] });
        const either = truths({ rules: [{ rules: first.rules }, 'or', { rules: second.rules }] });
        const back = truths(readBack(toExpression(first, fields)));
        ORDERS.forEach((_order, index) => {
          const [x, y] = [a[index], b[index]];
          if (x === undefined) return;
          compared += 1;
          expect(negated[index]).toBe(!x);
          expect(back[index]).toBe(x);
          if (y === undefined) return;
          expect(both[index]).toBe(x && y);
          expect(either[index]).toBe(x || y);
        });
      }),
      { numRuns: 300 },
    );
    // Most generated trees are yes/no on the fixtures, so the checks above ran many times.
    expect(compared).toBeGreaterThan(300);
  });
});
