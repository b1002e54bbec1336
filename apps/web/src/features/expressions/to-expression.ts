import { printExpression, type BinaryOperator, type Expr, type LiteralExpr } from '@portal/expressions';
import { findField, takesValue, type ExpressionField } from './expression-fields';
import { literalKind, literalOf, pathOf, type Scope } from './expression-paths';
import {
  ARITHMETIC_COMBINATORS,
  COMPARISON_COMBINATORS,
  isGroup,
  isItemsGroup,
  isMinMax,
  LOGICAL_COMBINATORS,
  type QueryGroup,
  type QueryItem,
  type QueryRule,
} from './query-tree';

// TREE -> EXPRESSION
// Builds the language's tree from the query tree and prints it with the package's printer, so the text is
// canonical and parentheses appear exactly where precedence needs them. A tree that is not complete (a rule
// without a value, a combinator out of place) has no expression: `toExpression` throws NotExpressible, and
// the builder's validation says what is missing.

export class NotExpressible extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotExpressible';
  }
}

const at = { start: 0, end: 0 };

const path = (segments: string[]): Expr => ({ type: 'path', segments, ...at });
const literal = (value: Omit<LiteralExpr, 'start' | 'end'>): Expr => ({ ...value, ...at }) as LiteralExpr;
const binary = (operator: BinaryOperator, left: Expr, right: Expr): Expr => ({
  type: 'binary',
  operator,
  left,
  right,
  ...at,
});
const call = (target: string[] | null, name: string, args: Expr[]): Expr => ({
  type: 'call',
  target: target ? { type: 'path', segments: target, ...at } : null,
  name,
  nameStart: 0,
  args,
  ...at,
});

/** Binding strength of a combinator, as the language's parser reads it (weakest first). */
export function combinatorPrecedence(combinator: string): number {
  if (combinator === 'or') return 1;
  if (combinator === 'and') return 2;
  if ((COMPARISON_COMBINATORS as readonly string[]).includes(combinator)) return 4;
  if (combinator === '+' || combinator === '-') return 5;
  if (combinator === '*' || combinator === '/' || combinator === '%') return 6;
  return 0;
}

const BINARY_COMBINATORS: readonly string[] = [
  ...LOGICAL_COMBINATORS,
  ...ARITHMETIC_COMBINATORS,
  ...COMPARISON_COMBINATORS,
];

function requireField(fields: readonly ExpressionField[], name: string): ExpressionField {
  const field = findField(fields, name);
  if (!field) throw new NotExpressible(`Unknown field ${name}`);
  return field;
}

function valueLiteral(field: ExpressionField, operator: string, text: unknown): Expr {
  const value = typeof text === 'string' ? literalOf(literalKind(field, operator), text) : null;
  if (!value) throw new NotExpressible(`Rule must have a value`);
  return literal(value);
}

function requirePath(field: ExpressionField, scope: Scope): string[] {
  const segments = pathOf(field, scope);
  if (!segments) throw new NotExpressible(`${field.name} is not a path`);
  return segments;
}

export function ruleToExpr(rule: QueryRule, scope: Scope, fields: readonly ExpressionField[]): Expr {
  const field = requireField(fields, rule.field);
  const { operator } = rule;
  if (field.model === 'Value') return valueLiteral(field, operator, rule.value);
  if (field.type === 'category') {
    if (operator !== '=') throw new NotExpressible('Category allows only equals');
    return call(scope === 'items' ? ['Product'] : ['item', 'Product'], 'incategory', [
      valueLiteral(field, operator, rule.value),
    ]);
  }
  if (field.type === 'approvalRuleId') {
    // Only meaningful as the argument of order.approved(...) / orderReturn.approved(...), see groupToExpr.
    return valueLiteral(field, operator, rule.value);
  }
  const target = requirePath(field, scope);
  if (!operator) throw new NotExpressible('Rule must have an operator');
  if (!takesValue(operator)) return operator === 'count' ? call(target, 'count', []) : path(target);
  if (operator === 'in') {
    const values = Array.isArray(rule.value) ? rule.value : [];
    if (values.length === 0) throw new NotExpressible('Rule must have a value');
    return call(
      target,
      'in',
      values.map((value) => valueLiteral(field, operator, value)),
    );
  }
  const value = valueLiteral(field, operator, rule.value);
  switch (operator) {
    case 'containsText':
    case 'containsNumber':
      return call(target, 'contains', [value]);
    case 'countWithCriteria':
      return call(target, 'count', [binary('=', path(['item']), value)]);
    case 'any':
    case 'all':
      return call(target, operator, [binary('=', path(['item']), value)]);
    case 'not':
      return binary('<>', path(target), value);
    default:
      if (!BINARY_COMBINATORS.includes(operator) || LOGICAL_COMBINATORS.includes(operator as 'and'))
        throw new NotExpressible(`Unknown operator ${operator}`);
      return binary(operator as BinaryOperator, path(target), value);
  }
}

function groupToExpr(group: QueryGroup, scope: Scope, fields: readonly ExpressionField[]): Expr {
  let expr: Expr;
  if (isMinMax(group)) {
    const [first, comma, second, ...rest] = group.rules;
    if (rest.length > 0 || comma !== ',' || typeof first !== 'object' || typeof second !== 'object')
      throw new NotExpressible(`${group.operator} needs two members`);
    expr = call(null, group.operator as string, [itemToExpr(first, scope, fields), itemToExpr(second, scope, fields)]);
  } else if (group.operator === 'order.approved' || group.operator === 'orderReturn.approved') {
    const [only, ...rest] = group.rules;
    if (!only || typeof only !== 'object' || isGroup(only) || rest.length > 0)
      throw new NotExpressible('An approval group holds one approval rule');
    const id = ruleToExpr(only, scope, fields);
    expr = call(group.operator === 'order.approved' ? ['order'] : ['orderReturn'], 'approved', [id]);
  } else if (isItemsGroup(group)) {
    const name = (group.operator as string).slice('items.'.length);
    expr = call(['items'], name, [listToExpr(group.rules, 'items', fields)]);
  } else {
    expr = listToExpr(group.rules, scope, fields);
  }
  return group.not ? { type: 'unary', operator: 'not', operand: expr, ...at } : expr;
}

function itemToExpr(item: QueryItem, scope: Scope, fields: readonly ExpressionField[]): Expr {
  return isGroup(item) ? groupToExpr(item, scope, fields) : ruleToExpr(item, scope, fields);
}

/** Operands joined by combinators, bound by precedence and from the left, as the language's parser reads them. */
function listToExpr(rules: readonly (QueryItem | string)[], scope: Scope, fields: readonly ExpressionField[]): Expr {
  if (rules.length === 0 || rules.length % 2 === 0) throw new NotExpressible('Groups must have at least one rule');
  const operands: Expr[] = [];
  const operators: string[] = [];
  const reduce = () => {
    const right = operands.pop() as Expr;
    const left = operands.pop() as Expr;
    operands.push(binary(operators.pop() as BinaryOperator, left, right));
  };
  rules.forEach((entry, index) => {
    if (index % 2 === 0) {
      if (typeof entry === 'string') throw new NotExpressible('Invalid independent combinator');
      operands.push(itemToExpr(entry, scope, fields));
      return;
    }
    if (typeof entry !== 'string' || !BINARY_COMBINATORS.includes(entry))
      throw new NotExpressible('Invalid independent combinator');
    const own = combinatorPrecedence(entry);
    while (operators.length > 0 && combinatorPrecedence(operators.at(-1) as string) >= own) reduce();
    operators.push(entry);
  });
  while (operators.length > 0) reduce();
  return operands[0] as Expr;
}

/** The language's tree for a whole query (the root group). Throws NotExpressible for an incomplete tree. */
export function toExpressionTree(query: QueryGroup, fields: readonly ExpressionField[]): Expr {
  return groupToExpr(query, 'top', fields);
}

/** The canonical text of a query; throws NotExpressible for an incomplete tree. */
export function toExpression(query: QueryGroup, fields: readonly ExpressionField[]): string {
  return printExpression(toExpressionTree(query, fields));
}

/** The text, or null while the tree is incomplete (the builder then shows why through its validation). */
export function tryToExpression(query: QueryGroup, fields: readonly ExpressionField[]): string | null {
  try {
    return toExpression(query, fields);
  } catch (error) {
    if (error instanceof NotExpressible) return null;
    throw error;
  }
}
