import type { CallExpr, Expr, PathExpr } from './ast.ts';
import { expressionError, type ExpressionError } from './errors.ts';
import {
  argumentKindAt,
  classifyTarget,
  resolveCall,
  rootOf,
  type ArgumentKind,
  type ExpressionKind,
  type FunctionSpec,
} from './functions.ts';
import { parseExpression } from './parser.ts';
import { isDecimalCount, MAX_ROUND_DIGITS } from './values.ts';

export interface ValidateOptions {
  /** The promotion is line-item level: `item` is the line item being discounted. */
  lineItemLevel?: boolean;
}

/** Where a node sits: at the top, inside an `items.*(...)` filter, or inside an array function's condition. */
type Scope = 'top' | 'lineItem' | 'element';

/** What a node gives, as far as can be told without data; paths are `unknown`. */
type StaticType = 'boolean' | 'number' | 'string' | 'date' | 'null' | 'unknown';

const KIND_LABEL: Record<ExpressionKind, string> = {
  Eligible: 'An eligible expression',
  Value: 'A value expression',
  Rule: 'An approval rule expression',
  SellerRule: 'A seller approval rule expression',
};

/**
 * Everything wrong with an expression, in text order; empty when it is fine. A syntax error
 * stops there (nothing after it can be read); other errors are all reported.
 */
export function validateExpression(
  text: string,
  kind: ExpressionKind,
  options: ValidateOptions = {},
): ExpressionError[] {
  const parsed = parseExpression(text);
  if (!parsed.ok) return [parsed.error];
  const checker = new Checker(kind, options.lineItemLevel === true);
  checker.check(parsed.ast, 'top');
  const errors = checker.errors;

  if (kind === 'Eligible' && checker.itemAllowedAtTop && !checker.usesItem) {
    errors.push(
      expressionError(
        'Expression.ItemRequired',
        "The eligible expression of a line-item-level promotion must test the line item through 'item', e.g. item.ProductID = 'P1' or item.product.incategory('Bikes')",
        0,
      ),
    );
  }
  const result = staticType(parsed.ast);
  const wanted: StaticType = kind === 'Value' ? 'number' : 'boolean';
  if (result !== 'unknown' && result !== wanted) {
    errors.push(
      expressionError(
        'Expression.InvalidSyntax',
        `${KIND_LABEL[kind]} must give ${wanted === 'number' ? 'an amount' : 'true or false'}, but this one gives ${describeType(result)}`,
        parsed.ast.start,
      ),
    );
  }
  return errors.sort((a, b) => a.position - b.position);
}

class Checker {
  readonly errors: ExpressionError[] = [];
  usesItem = false;
  /** `item` at the top is the line item of a line-item-level promotion; nothing else has one. */
  readonly itemAllowedAtTop: boolean;

  constructor(
    private readonly kind: ExpressionKind,
    lineItemLevel: boolean,
  ) {
    this.itemAllowedAtTop = lineItemLevel && (kind === 'Eligible' || kind === 'Value');
  }

  check(expr: Expr, scope: Scope): void {
    switch (expr.type) {
      case 'literal':
        return;
      case 'path':
        return this.checkPath(expr, scope, false);
      case 'unary':
        return this.check(expr.operand, scope);
      case 'binary':
        this.check(expr.left, scope);
        return this.check(expr.right, scope);
      case 'call':
        return this.checkCall(expr, scope);
    }
  }

  private fail(code: ExpressionError['code'], message: string, position: number): void {
    this.errors.push(expressionError(code, message, position));
  }

  private checkPath(path: PathExpr, scope: Scope, isItemsTarget: boolean): void {
    const written = path.segments.join('.');
    const at = `at position ${path.start}`;
    switch (rootOf(path)) {
      case 'order':
        return;
      case 'orderreturn':
        if (this.kind !== 'SellerRule') {
          this.fail(
            'Expression.InvalidToken',
            `'${written}' ${at}: orderReturn exists only in seller approval rules`,
            path.start,
          );
        }
        return;
      case 'items':
        if (!isItemsTarget) {
          this.fail(
            'Expression.InvalidToken',
            `'${written}' ${at}: items is the list of line items and is used through its functions, e.g. items.any(ProductID = 'P1') or items.total()`,
            path.start,
          );
        }
        return;
      case 'item':
      case 'product':
        // Inside filters `item` is the line item or element being tested, which always exists.
        if (scope === 'top') this.checkItemAtTop(path);
        return;
      default:
        if (scope === 'top') {
          this.fail(
            'Expression.InvalidToken',
            `Unknown name '${path.segments[0]}' ${at}; an expression starts from order, items, item (line-item-level promotions) or orderReturn (seller rules), and line-item fields are written bare only inside items.any(...) and the other items functions`,
            path.start,
          );
        }
    }
  }

  private checkItemAtTop(path: PathExpr): void {
    if (this.itemAllowedAtTop) {
      this.usesItem = true;
      return;
    }
    const where =
      this.kind === 'Eligible' || this.kind === 'Value'
        ? 'only in line-item-level promotions'
        : 'only in promotions, not approval rules';
    this.fail(
      'Expression.ItemNotAllowed',
      `'${path.segments.join('.')}' at position ${path.start} refers to the current line item, which exists ${where}; test line items with items.any(...) instead`,
      path.start,
    );
  }

  private checkCall(call: CallExpr, scope: Scope): void {
    const resolved = resolveCall(call);
    const spec = resolved.spec ?? null;
    if (!resolved.ok) this.errors.push(resolved.error);
    if (call.target) this.checkPath(call.target, scope, classifyTarget(call.target) === 'items');
    if (spec) this.checkSpec(call, spec);
    call.args.forEach((arg, index) => {
      const argumentKind = spec ? argumentKindAt(spec, index, call.args.length) : undefined;
      // An unknown function's arguments are read leniently, so one mistake gives one error.
      const inner: Scope =
        argumentKind === 'filter' ? 'lineItem' : argumentKind === 'condition' || !spec ? 'element' : scope;
      this.check(arg, inner);
      if (spec && argumentKind) this.checkArgumentType(spec, arg, argumentKind);
    });
  }

  private checkSpec(call: CallExpr, spec: FunctionSpec): void {
    const written = `'${call.target ? `${call.target.segments.join('.')}.` : ''}${call.name}' at position ${call.nameStart}`;
    if (!spec.kinds.includes(this.kind)) {
      this.fail(
        'Expression.InvalidFunction',
        `${written} is only available in ${spec.kinds.map((k) => KIND_LABEL[k].replace(/^An? /, '')).join(' and ')}s`,
        call.nameStart,
      );
    }
    if (spec.id === 'product.incategory' || spec.id === 'product.inparentcategory') {
      const lower = (call.target as PathExpr).segments.map((s) => s.toLowerCase()).join('.');
      if (lower !== 'product' && lower !== 'item.product') {
        this.fail(
          'Expression.InvalidFunction',
          `${written}: ${spec.name} works on a line item's product, written item.product.${spec.name}('id') or, inside items.any(...), product.${spec.name}('id')`,
          call.nameStart,
        );
      }
    }
    const digits = spec.id === 'round' ? call.args[1] : undefined;
    if (digits?.type === 'literal' && digits.kind === 'number' && !isDecimalCount(digits.value)) {
      this.fail(
        'Expression.InvalidArguments',
        `The digits of round(value, digits) at position ${digits.start} should be a whole number from 0 to ${MAX_ROUND_DIGITS}, but it is ${digits.value}`,
        digits.start,
      );
    }
  }

  private checkArgumentType(spec: FunctionSpec, arg: Expr, kind: ArgumentKind): void {
    const type = staticType(arg);
    const accepts: Record<ArgumentKind, readonly StaticType[]> = {
      filter: ['boolean'],
      condition: ['boolean'],
      boolean: ['boolean'],
      number: ['number', 'null'],
      string: ['string'],
      value: ['boolean', 'number', 'string', 'date', 'null'],
    };
    if (type === 'unknown' || accepts[kind].includes(type)) return;
    const expected =
      kind === 'filter' || kind === 'condition' || kind === 'boolean'
        ? 'a condition (true or false)'
        : kind === 'number'
          ? 'a number'
          : 'a string';
    this.fail(
      'Expression.InvalidArguments',
      `The argument of ${spec.signature} at position ${arg.start} should be ${expected}, but it is ${describeType(type)}`,
      arg.start,
    );
  }
}

function describeType(type: StaticType): string {
  return type === 'boolean' ? 'true or false' : type === 'null' ? 'null' : `a ${type}`;
}

function staticType(expr: Expr): StaticType {
  switch (expr.type) {
    case 'literal':
      return expr.kind;
    case 'path':
      return 'unknown';
    case 'unary':
      return expr.operator === 'not' ? 'boolean' : 'number';
    case 'binary': {
      if (['+', '-', '*', '/', '%'].includes(expr.operator)) {
        // Dates move by days, so date arithmetic can give a date or a number.
        return staticType(expr.left) === 'date' || staticType(expr.right) === 'date' ? 'unknown' : 'number';
      }
      return 'boolean';
    }
    case 'call': {
      const resolved = resolveCall(expr);
      if (!resolved.ok) return 'unknown';
      const { spec } = resolved;
      if (spec.result !== 'value') return spec.result;
      // `if` gives one of its values: known only when they all agree.
      const types = new Set(
        expr.args
          .filter((_, index) => argumentKindAt(spec, index, expr.args.length) === 'value')
          .map((arg) => staticType(arg)),
      );
      return types.size === 1 ? ([...types][0] as StaticType) : 'unknown';
    }
  }
}
