import type { CallExpr, PathExpr } from './ast.ts';
import { expressionError, type ExpressionError } from './errors.ts';

/** Which expression a rule lives in (Promotion.EligibleExpression, ValueExpression, approval rules). */
export type ExpressionKind = 'Eligible' | 'Value' | 'Rule' | 'SellerRule';

/**
 * What a call is made on: nothing (`min`), the order's line items (`items`), an array-valued
 * path (`order.xp.Tags`), a product (`item.product`) or the order / return being approved.
 */
export type TargetKind = 'none' | 'items' | 'array' | 'product' | 'approvals';

/**
 * - `filter`: a condition run once per line item; bare names are line-item fields.
 * - `condition`: a condition run once per array element, the element being `item`.
 * - `value`: anything; `number`, `string`: a value of that type.
 */
export type ArgumentKind = 'filter' | 'condition' | 'value' | 'number' | 'string';

export type ResultKind = 'boolean' | 'number' | 'date';

export type FunctionId =
  | 'items.any'
  | 'items.all'
  | 'items.quantity'
  | 'items.count'
  | 'items.total'
  | 'array.contains'
  | 'array.count'
  | 'array.any'
  | 'array.all'
  | 'product.incategory'
  | 'approved'
  | 'min'
  | 'max'
  | 'now';

export interface FunctionSpec {
  id: FunctionId;
  /** Lower-case name as called. */
  name: string;
  target: TargetKind;
  /** How a developer writes it; used in messages. */
  signature: string;
  /** Arguments after the first `required` may be left out. */
  required: number;
  args: readonly ArgumentKind[];
  result: ResultKind;
  /** Expressions the function may appear in. */
  kinds: readonly ExpressionKind[];
  summary: string;
}

const ALL_KINDS: readonly ExpressionKind[] = ['Eligible', 'Value', 'Rule', 'SellerRule'];

/** Every function of the language. Validation and evaluation both read this table. */
export const FUNCTIONS: readonly FunctionSpec[] = [
  spec('items.any', 'items', 'items.any(condition)', 1, ['filter'], 'boolean', 'some line item matches'),
  spec('items.all', 'items', 'items.all(condition)', 1, ['filter'], 'boolean', 'every line item matches'),
  spec('items.quantity', 'items', 'items.quantity(condition?)', 0, ['filter'], 'number', 'sum of Quantity'),
  spec('items.count', 'items', 'items.count(condition?)', 0, ['filter'], 'number', 'number of line items'),
  spec('items.total', 'items', 'items.total(condition?)', 0, ['filter'], 'number', 'sum of LineSubtotal'),
  spec('array.contains', 'array', 'path.contains(value)', 1, ['value'], 'boolean', 'the array holds the value'),
  spec('array.count', 'array', 'path.count(condition?)', 0, ['condition'], 'number', 'elements that match'),
  spec('array.any', 'array', 'path.any(condition)', 1, ['condition'], 'boolean', 'some element matches'),
  spec('array.all', 'array', 'path.all(condition)', 1, ['condition'], 'boolean', 'every element matches'),
  spec(
    'product.incategory',
    'product',
    "item.product.incategory('categoryID')",
    1,
    ['string'],
    'boolean',
    'the product is assigned directly to the category',
  ),
  {
    ...spec('approved', 'approvals', "order.approved('ruleID')", 1, ['string'], 'boolean', 'another rule approved it'),
    // Chained approvals only make sense where there are approvals.
    kinds: ['Rule', 'SellerRule'],
  },
  spec('min', 'none', 'min(a, b)', 2, ['number', 'number'], 'number', 'the smaller number'),
  spec('max', 'none', 'max(a, b)', 2, ['number', 'number'], 'number', 'the larger number'),
  spec('now', 'none', 'now(days?)', 0, ['number'], 'date', 'now, plus or minus a number of days'),
];

function spec(
  id: FunctionId,
  target: TargetKind,
  signature: string,
  required: number,
  args: readonly ArgumentKind[],
  result: ResultKind,
  summary: string,
): FunctionSpec {
  const name = id.slice(id.indexOf('.') + 1);
  return { id, name, target, signature, required, args, result, kinds: ALL_KINDS, summary };
}

/** Roots: names a path may start with anywhere. */
export function rootOf(path: PathExpr): string {
  return (path.segments[0] as string).toLowerCase();
}

export function classifyTarget(target: PathExpr | null): TargetKind {
  if (target === null) return 'none';
  const lower = target.segments.map((s) => s.toLowerCase());
  if (lower.length === 1 && lower[0] === 'items') return 'items';
  if (lower.length === 1 && (lower[0] === 'order' || lower[0] === 'orderreturn')) return 'approvals';
  if (lower[lower.length - 1] === 'product') return 'product';
  return 'array';
}

/** On a wrong argument count the function is still known, so `spec` is there for the caller to go on with. */
export type CallResolution =
  { ok: true; spec: FunctionSpec } | { ok: false; error: ExpressionError; spec?: FunctionSpec };

/** Finds the function a call means, checking its name, what it is called on and its argument count. */
export function resolveCall(call: CallExpr): CallResolution {
  const named = FUNCTIONS.filter((f) => f.name === call.name);
  const written = call.target ? `${call.target.segments.join('.')}.${call.name}` : call.name;
  if (named.length === 0) {
    const known = [...new Set(FUNCTIONS.map((f) => f.signature.replace(/\(.*$/, '')))].join(', ');
    return fail(
      'Expression.InvalidFunction',
      `Unknown function '${written}' at position ${call.nameStart}; known: ${known}`,
      call.nameStart,
    );
  }
  const kind = classifyTarget(call.target);
  // A path ending in `product` may still be an array (`order.xp.Product.contains(...)`).
  const found =
    named.find((f) => f.target === kind) ?? (kind === 'product' ? named.find((f) => f.target === 'array') : undefined);
  if (!found) {
    const where = call.target ? `on '${call.target.segments.join('.')}'` : 'without something to call it on';
    return fail(
      'Expression.InvalidFunction',
      `'${call.name}' at position ${call.nameStart} cannot be called ${where}; write ${named.map((f) => f.signature).join(' or ')}`,
      call.nameStart,
    );
  }
  const count = call.args.length;
  if (count < found.required || count > found.args.length) {
    const expected =
      found.required === found.args.length ? `${found.required}` : `${found.required} to ${found.args.length}`;
    return {
      ...fail(
        'Expression.InvalidArguments',
        `${found.signature} takes ${expected} argument${found.args.length === 1 ? '' : 's'} but '${written}' at position ${call.nameStart} has ${count}`,
        call.nameStart,
      ),
      spec: found,
    };
  }
  return { ok: true, spec: found };
}

function fail(code: ExpressionError['code'], message: string, position: number): { ok: false; error: ExpressionError } {
  return { ok: false, error: expressionError(code, message, position) };
}
