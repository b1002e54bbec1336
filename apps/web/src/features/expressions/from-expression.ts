import { parseExpression, type CallExpr, type Expr, type ExpressionError } from '@portal/expressions';
import { findField, operatorsFor, type ExpressionField } from './expression-fields';
import { fieldOfPath, isProductTarget, literalKind, textOfLiteral, type Scope } from './expression-paths';
import { combinatorPrecedence } from './to-expression';
import { ITEMS_OPERATORS, type GroupOperator, type QueryGroup, type QueryItem, type QueryRule } from './query-tree';

// EXPRESSION -> TREE
// Reads an existing expression into the builder's tree, so saved promotions and approval rules can be edited
// visually. Only what the builder can show is taken: anything else (now(), round(), if(), a path the builder
// has no field for, ...) makes the whole expression "not representable", and the builder opens it as text
// instead of dropping or rewriting part of it.
//
// The tree read back is canonical: a rule wherever `field op value` fits the field's operators, groups only
// where precedence needs parentheses. Printing it and reading it again gives the same tree (the property test).

export type FromExpressionResult =
  | { ok: true; query: QueryGroup }
  | { ok: false; reason: 'syntax'; error: ExpressionError }
  | { ok: false; reason: 'notRepresentable'; detail: string };

class NotRepresentable extends Error {}

const fail = (detail: string): never => {
  throw new NotRepresentable(detail);
};

/** Whether an operator is offered for the field (a rule the builder could not show is not a rule). */
function allowed(field: ExpressionField, operator: string): boolean {
  return operatorsFor(field).includes(operator);
}

function valueText(field: ExpressionField, operator: string, expr: Expr): string | null {
  return expr.type === 'literal' ? textOfLiteral(literalKind(field, operator), expr) : null;
}

const OPERATOR_OF: Readonly<Record<string, string>> = { '<>': 'not' };

/** The Value field a literal reads as (`Value.Number` for 5). */
const VALUE_FIELD_OF: Readonly<Record<string, string | undefined>> = {
  string: 'Text',
  number: 'Number',
  boolean: 'Boolean',
  date: 'Date',
};

/** `item = literal`, the condition of the array operators. */
function elementLiteral(expr: Expr | undefined): Expr | null {
  if (expr?.type !== 'binary' || expr.operator !== '=') return null;
  const { left, right } = expr;
  return left.type === 'path' && left.segments.length === 1 && left.segments[0]?.toLowerCase() === 'item'
    ? right
    : null;
}

class Reader {
  constructor(private readonly fields: readonly ExpressionField[]) {}

  private field(name: string): ExpressionField {
    return findField(this.fields, name) ?? fail(`no field ${name}`);
  }

  private rule(field: ExpressionField, operator: string, value: string | string[]): QueryRule | null {
    return allowed(field, operator) ? { field: field.name, operator, value } : null;
  }

  /** A rule for this node, or null when it is not one. */
  ruleOf(expr: Expr, scope: Scope): QueryRule | null {
    switch (expr.type) {
      case 'path': {
        const field = fieldOfPath(expr.segments, scope, this.fields);
        return field ? this.rule(field, 'value', '') : null;
      }
      case 'literal': {
        // A null literal has no Value field: not representable.
        const kind = VALUE_FIELD_OF[expr.kind];
        if (!kind) return null;
        const field = this.field(`Value.${kind}`);
        const text = valueText(field, 'value', expr);
        return text === null ? null : { field: field.name, operator: 'value', value: text };
      }
      case 'binary': {
        if (expr.left.type !== 'path' || expr.operator === 'and' || expr.operator === 'or') return null;
        const field = fieldOfPath(expr.left.segments, scope, this.fields);
        const operator = OPERATOR_OF[expr.operator] ?? expr.operator;
        if (!field || !allowed(field, operator)) return null;
        const text = valueText(field, operator, expr.right);
        return text === null ? null : this.rule(field, operator, text);
      }
      case 'call':
        return this.callRule(expr, scope);
      default:
        return null;
    }
  }

  private callRule(expr: CallExpr, scope: Scope): QueryRule | null {
    const target = expr.target?.segments;
    if (!target) return null;
    if (expr.name === 'incategory' && isProductTarget(target) && expr.args.length === 1) {
      const field = this.field('LineItem.Product.Category');
      const text = valueText(field, '=', expr.args[0] as Expr);
      return text === null ? null : this.rule(field, '=', text);
    }
    const field = fieldOfPath(target, scope, this.fields);
    if (!field) return null;
    const [arg] = expr.args;
    switch (expr.name) {
      case 'contains': {
        if (expr.args.length !== 1 || arg?.type !== 'literal') return null;
        const operator = arg.kind === 'number' ? 'containsNumber' : 'containsText';
        const text = valueText(field, operator, arg);
        return text === null ? null : this.rule(field, operator, text);
      }
      case 'count':
      case 'any':
      case 'all': {
        if (expr.name === 'count' && expr.args.length === 0) return this.rule(field, 'count', '');
        const value = expr.args.length === 1 ? elementLiteral(arg) : null;
        const operator = expr.name === 'count' ? 'countWithCriteria' : expr.name;
        const text = value ? valueText(field, operator, value) : null;
        return text === null ? null : this.rule(field, operator, text);
      }
      case 'in': {
        const texts = expr.args.map((candidate) => valueText(field, 'in', candidate));
        if (texts.length === 0 || texts.some((text) => text === null)) return null;
        return this.rule(field, 'in', texts as string[]);
      }
      default:
        return null;
    }
  }

  /** A group for a group function (`items.any(...)`, `min(a, b)`, `order.approved('id')`), or null. */
  private groupOf(expr: Expr, scope: Scope): QueryGroup | null {
    if (expr.type === 'unary' && expr.operator === 'not') {
      const inner = this.groupOf(expr.operand, scope);
      if (inner && !inner.not) return { ...inner, not: true };
      return { not: true, rules: this.list(expr.operand, scope) };
    }
    if (expr.type !== 'call') return null;
    const target = expr.target?.segments.map((segment) => segment.toLowerCase()).join('.') ?? null;
    if (target === 'items') {
      const operator = `items.${expr.name}` as GroupOperator;
      if (!ITEMS_OPERATORS.includes(operator)) return null;
      if (expr.args.length !== 1) return fail(`${operator} without a filter`);
      return { operator, rules: this.list(expr.args[0] as Expr, 'items') };
    }
    if (target === null && (expr.name === 'min' || expr.name === 'max')) {
      const [first, second] = expr.args;
      if (expr.args.length !== 2 || !first || !second) return fail(`${expr.name} of ${expr.args.length}`);
      return { operator: expr.name, rules: [this.item(first, scope), ',', this.item(second, scope)] };
    }
    if ((target === 'order' || target === 'orderreturn') && expr.name === 'approved') {
      const field = this.field(target === 'order' ? 'ApprovalRule.ID' : 'SellerApprovalRule.ID');
      const [id] = expr.args;
      const text = expr.args.length === 1 && id ? valueText(field, '=', id) : null;
      if (text === null) return fail('approved without one rule id');
      const operator = target === 'order' ? 'order.approved' : 'orderReturn.approved';
      return { operator, rules: [{ field: field.name, operator: '=', value: text }] };
    }
    return null;
  }

  /** One member: a rule, a group function, or parentheses around a list. */
  item(expr: Expr, scope: Scope): QueryItem {
    const rules = this.list(expr, scope);
    return rules.length === 1 ? (rules[0] as QueryItem) : { rules };
  }

  /** The flat list of members and combinators an expression reads as. */
  list(expr: Expr, scope: Scope): (QueryItem | string)[] {
    const rule = this.ruleOf(expr, scope);
    if (rule) return [rule];
    const group = this.groupOf(expr, scope);
    if (group) return [group];
    if (expr.type !== 'binary') return fail(`${expr.type} ${expr.type === 'call' ? expr.name : ''}`.trim());
    const own = combinatorPrecedence(expr.operator);
    const comparison = own === 4;
    // Inline a side the list would bind the same way (left-associative); parenthesise the rest as a group.
    const inline = (side: Expr, isLeft: boolean): boolean => {
      if (side.type !== 'binary' || this.ruleOf(side, scope)) return false;
      const theirs = combinatorPrecedence(side.operator);
      return theirs > own || (isLeft && theirs === own && !comparison);
    };
    const left = inline(expr.left, true) ? this.list(expr.left, scope) : [this.item(expr.left, scope)];
    const right = inline(expr.right, false) ? this.list(expr.right, scope) : [this.item(expr.right, scope)];
    return [...left, expr.operator, ...right];
  }
}

/** The builder's tree for an expression's syntax tree; throws when part of it cannot be shown. */
export function queryFromTree(expr: Expr, fields: readonly ExpressionField[]): QueryGroup {
  const reader = new Reader(fields);
  const rules = reader.list(expr, 'top');
  // A lone group function (or `not`) is the whole expression: keep it as the root's one member.
  return { rules };
}

/** Reads an expression's text into the builder's tree, or says why it cannot. Empty text is an empty tree. */
export function fromExpression(text: string, fields: readonly ExpressionField[]): FromExpressionResult {
  if (text.trim() === '') return { ok: true, query: { rules: [] } };
  const parsed = parseExpression(text);
  if (!parsed.ok) return { ok: false, reason: 'syntax', error: parsed.error };
  try {
    return { ok: true, query: queryFromTree(parsed.ast, fields) };
  } catch (error) {
    if (error instanceof NotRepresentable) return { ok: false, reason: 'notRepresentable', detail: error.message };
    throw error;
  }
}
