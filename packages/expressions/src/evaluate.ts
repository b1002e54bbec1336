import type { CallExpr, Expr, PathExpr } from './ast.ts';
import { ExpressionEvaluationError, expressionError } from './errors.ts';
import { resolveCall, type FunctionId } from './functions.ts';
import { parseExpression } from './parser.ts';
import {
  addDays,
  arithmetic,
  compareValues,
  getProperty,
  isDecimalCount,
  isTrue,
  roundHalfAwayFromZero,
  toNumber,
  toValue,
  valuesEqual,
  type ExpressionValue,
} from './values.ts';

/** What an expression runs against. Objects are the platform's JSON (PascalCase, with `xp`). */
export interface ExpressionContext {
  order: Record<string, unknown>;
  /** The order's line items (`Quantity`, `LineSubtotal`, `ProductID`, `Product`, `CostCenter`, `xp`…). */
  items: readonly Record<string, unknown>[];
  /** The current line item, for line-item-level promotions (`item.…` at the top level). */
  item?: Record<string, unknown>;
  /** The order return, for seller approval rules on returns (`orderReturn.…`). */
  orderReturn?: Record<string, unknown>;
  /** The clock for `now()`; the real time when absent. */
  now?: Date;
  /** `order.approved('ruleID')`: whether that rule has approved the order; false when absent. */
  isApproved?: (ruleId: string) => boolean;
  /** Categories a product is assigned to directly, for `incategory`; no categories when absent. */
  productCategories?: (productId: string) => readonly string[];
  /**
   * For `inparentcategory`: the categories a product is assigned to and every ancestor of them, at any
   * depth. When absent, `productCategories` stands in (a product is in its own categories).
   */
  productCategoriesWithAncestors?: (productId: string) => readonly string[];
}

/**
 * What `item` and bare names mean where a node is evaluated: at the top (`item` is the
 * context's current line item), inside an `items.*(...)` filter (the line item being tested),
 * or inside an array function (the array element).
 */
interface Scope {
  kind: 'top' | 'lineItem' | 'element';
  current: ExpressionValue;
}

/** Runs a parsed expression. Throws ExpressionEvaluationError for unknown functions or wrong argument counts. */
export function evaluateExpression(ast: Expr, context: ExpressionContext): ExpressionValue {
  return new Evaluator(context).run(ast, { kind: 'top', current: toValue(context.item) });
}

/** Parses and runs an expression that should hold or not; anything but true counts as false. */
export function evaluateBoolean(text: string, context: ExpressionContext): boolean {
  return isTrue(evaluateExpression(parseOrThrow(text), context));
}

/** Parses and runs an expression that gives an amount; null counts as 0. */
export function evaluateNumber(text: string, context: ExpressionContext): number {
  const value = evaluateExpression(parseOrThrow(text), context);
  if (value === null) return 0;
  const number = toNumber(value);
  if (number === null) {
    const shape =
      value instanceof Date ? 'a date' : Array.isArray(value) ? 'a list' : `${typeof value} ${JSON.stringify(value)}`;
    throw new ExpressionEvaluationError(
      expressionError('Expression.InvalidArguments', `The expression gives ${shape}, not a number`, 0),
    );
  }
  return number;
}

function parseOrThrow(text: string): Expr {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new ExpressionEvaluationError(parsed.error);
  return parsed.ast;
}

type Implementation = (call: CallExpr, scope: Scope) => ExpressionValue;

class Evaluator {
  constructor(private readonly context: ExpressionContext) {}

  run(expr: Expr, scope: Scope): ExpressionValue {
    switch (expr.type) {
      case 'literal':
        return expr.kind === 'date' ? new Date(expr.value) : expr.value;
      case 'path':
        return this.resolve(expr, scope);
      case 'unary': {
        const operand = this.run(expr.operand, scope);
        return expr.operator === 'not' ? !isTrue(operand) : arithmetic('-', 0, operand);
      }
      case 'binary': {
        const { operator } = expr;
        if (operator === 'and') return isTrue(this.run(expr.left, scope)) && isTrue(this.run(expr.right, scope));
        if (operator === 'or') return isTrue(this.run(expr.left, scope)) || isTrue(this.run(expr.right, scope));
        const left = this.run(expr.left, scope);
        const right = this.run(expr.right, scope);
        if (operator === '+' || operator === '-' || operator === '*' || operator === '/' || operator === '%') {
          return arithmetic(operator, left, right);
        }
        return compareValues(operator, left, right);
      }
      case 'call': {
        const resolved = resolveCall(expr);
        if (!resolved.ok) throw new ExpressionEvaluationError(resolved.error);
        return this.functions[resolved.spec.id](expr, scope);
      }
    }
  }

  /** Roots are matched ignoring case, like property names. */
  private resolve(path: PathExpr, scope: Scope): ExpressionValue {
    const [first = '', ...rest] = path.segments;
    let start: ExpressionValue;
    let remaining = rest;
    switch (first.toLowerCase()) {
      case 'order':
        start = toValue(this.context.order);
        break;
      case 'orderreturn':
        start = toValue(this.context.orderReturn);
        break;
      case 'items':
        start = this.context.items;
        break;
      case 'item':
        start = scope.current;
        break;
      default:
        // Bare names belong to the line item or element in scope; at the top they mean nothing.
        // `product` at the top is the current line item's Product, same as inside a filter.
        if (scope.kind === 'top' && first.toLowerCase() !== 'product') return null;
        start = scope.current;
        remaining = path.segments;
    }
    return remaining.reduce<ExpressionValue>((value, segment) => getProperty(value, segment), start);
  }

  private matchingLines(call: CallExpr): readonly Record<string, unknown>[] {
    const [filter] = call.args;
    if (!filter) return this.context.items;
    return this.context.items.filter((line) => isTrue(this.run(filter, { kind: 'lineItem', current: toValue(line) })));
  }

  private elements(call: CallExpr, scope: Scope): readonly unknown[] | null {
    const target = this.run(call.target as PathExpr, scope);
    return Array.isArray(target) ? target : null;
  }

  private matches(condition: Expr, element: unknown): boolean {
    return isTrue(this.run(condition, { kind: 'element', current: toValue(element) }));
  }

  private numberArgument(call: CallExpr, index: number, scope: Scope): number | null {
    const arg = call.args[index];
    if (!arg) return null;
    const value = this.run(arg, scope);
    return value === null ? 0 : toNumber(value);
  }

  private readonly functions: Record<FunctionId, Implementation> = {
    'items.any': (call) => this.matchingLines(call).length > 0,
    'items.all': (call) => this.matchingLines(call).length === this.context.items.length,
    'items.count': (call) => this.matchingLines(call).length,
    'items.quantity': (call) => sum(this.matchingLines(call), 'Quantity'),
    'items.total': (call) => sum(this.matchingLines(call), 'LineSubtotal'),
    'array.contains': (call, scope) => {
      const target = this.run(call.target as PathExpr, scope);
      const wanted = this.run(call.args[0] as Expr, scope);
      // On text, contains is a substring test; handy for xp strings, and there is no other reading.
      if (typeof target === 'string' && typeof wanted === 'string') {
        return target.toLowerCase().includes(wanted.toLowerCase());
      }
      return Array.isArray(target) && target.some((element) => valuesEqual(toValue(element), wanted));
    },
    'array.count': (call, scope) => {
      const elements = this.elements(call, scope) ?? [];
      const [condition] = call.args;
      return condition ? elements.filter((e) => this.matches(condition, e)).length : elements.length;
    },
    'array.any': (call, scope) => (this.elements(call, scope) ?? []).some((e) => this.matches(call.args[0] as Expr, e)),
    'array.all': (call, scope) => {
      const elements = this.elements(call, scope);
      return elements !== null && elements.every((e) => this.matches(call.args[0] as Expr, e));
    },
    'product.incategory': (call, scope) => this.inCategory(call, scope, this.context.productCategories),
    'product.inparentcategory': (call, scope) =>
      this.inCategory(call, scope, this.context.productCategoriesWithAncestors ?? this.context.productCategories),
    approved: (call, scope) => {
      const ruleId = this.run(call.args[0] as Expr, scope);
      return ruleId !== null && (this.context.isApproved?.(String(ruleId)) ?? false);
    },
    min: (call, scope) => this.pickNumber(call, scope, Math.min),
    max: (call, scope) => this.pickNumber(call, scope, Math.max),
    now: (call, scope) => addDays(this.context.now ?? new Date(), this.numberArgument(call, 0, scope) ?? 0),
    in: (call, scope) => this.isAmong(this.run(call.args[0] as Expr, scope), call.args.slice(1), scope),
    'path.in': (call, scope) => this.isAmong(this.run(call.target as PathExpr, scope), call.args, scope),
    round: (call, scope) => {
      const value = this.numberArgument(call, 0, scope);
      const digits = call.args.length > 1 ? this.numberArgument(call, 1, scope) : 0;
      if (value === null || digits === null || !isDecimalCount(digits)) return null;
      return roundHalfAwayFromZero(value, digits);
    },
    if: (call, scope) => this.firstThatHolds(call, scope),
    ifs: (call, scope) => this.firstThatHolds(call, scope),
  };

  /** `incategory` / `inparentcategory`: the product's ID among `categoriesOf` it, ignoring case. */
  private inCategory(
    call: CallExpr,
    scope: Scope,
    categoriesOf: ((productId: string) => readonly string[]) | undefined,
  ): boolean {
    const id = getProperty(this.run(call.target as PathExpr, scope), 'ID');
    const category = this.run(call.args[0] as Expr, scope);
    if (id === null || category === null || !categoriesOf) return false;
    return categoriesOf(String(id)).some((c) => valuesEqual(c, category));
  }

  /**
   * `in`: the value equals one of the candidates, as `=` compares (ignoring case, `*` wildcards). A
   * candidate that is a list (an xp array) counts each of its elements.
   */
  private isAmong(value: ExpressionValue, candidates: readonly Expr[], scope: Scope): boolean {
    return candidates.some((candidate) => {
      const listed = this.run(candidate, scope);
      return Array.isArray(listed)
        ? listed.some((element) => valuesEqual(value, toValue(element)))
        : valuesEqual(value, listed);
    });
  }

  /**
   * `if(c, then, else)` and `ifs(c1, v1, c2, v2, ..., fallback)`: the value after the first condition
   * that holds, else the last argument. Only the chosen value is evaluated.
   */
  private firstThatHolds(call: CallExpr, scope: Scope): ExpressionValue {
    const { args } = call;
    for (let index = 0; index + 1 < args.length - 1; index += 2) {
      if (isTrue(this.run(args[index] as Expr, scope))) return this.run(args[index + 1] as Expr, scope);
    }
    return this.run(args[args.length - 1] as Expr, scope);
  }

  /** min / max; null counts as 0, like in arithmetic, and non-numbers give null. */
  private pickNumber(call: CallExpr, scope: Scope, choose: (a: number, b: number) => number): ExpressionValue {
    const a = this.numberArgument(call, 0, scope);
    const b = this.numberArgument(call, 1, scope);
    return a === null || b === null ? null : choose(a, b);
  }
}

/** Sum of a numeric line-item field; missing or non-numeric values add nothing. */
function sum(lines: readonly Record<string, unknown>[], field: string): number {
  return lines.reduce((total, line) => total + (toNumber(getProperty(line, field)) ?? 0), 0);
}
