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
 * - `boolean`: a condition run where the call is (the test of `if`).
 * - `value`: anything; `number`, `string`: a value of that type.
 */
export type ArgumentKind = 'filter' | 'condition' | 'boolean' | 'value' | 'number' | 'string';

/** `value`: whatever the chosen argument gives (the branches of `if`). */
export type ResultKind = 'boolean' | 'number' | 'date' | 'value';

/**
 * How many arguments a function takes beyond its `args` list:
 * - `last`: the last kind repeats, as many times as wanted (`in(value, 'a', 'b', ...)`);
 * - `pairs`: `(condition, value)` pairs and then a fallback value, so an odd count of 3 or more (`ifs`).
 */
export type Variadic = 'last' | 'pairs';

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
  | 'product.inparentcategory'
  | 'approved'
  | 'min'
  | 'max'
  | 'now'
  | 'in'
  | 'path.in'
  | 'round'
  | 'if'
  | 'ifs';

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
  /** More arguments than `args` lists; absent: at most `args.length`. */
  variadic?: Variadic;
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
  spec(
    'product.inparentcategory',
    'product',
    "item.product.inparentcategory('categoryID')",
    1,
    ['string'],
    'boolean',
    'the product is assigned to the category or to one of its descendants, at any depth',
  ),
  {
    ...spec('approved', 'approvals', "order.approved('ruleID')", 1, ['string'], 'boolean', 'another rule approved it'),
    // Chained approvals only make sense where there are approvals.
    kinds: ['Rule', 'SellerRule'],
  },
  spec('min', 'none', 'min(a, b)', 2, ['number', 'number'], 'number', 'the smaller number'),
  spec('max', 'none', 'max(a, b)', 2, ['number', 'number'], 'number', 'the larger number'),
  spec('now', 'none', 'now(days?)', 0, ['number'], 'date', 'now, plus or minus a number of days'),
  {
    ...spec(
      'in',
      'none',
      "in(value, 'a', 'b', ...)",
      2,
      ['value', 'value'],
      'boolean',
      'the value equals one in the list',
    ),
    variadic: 'last',
  },
  {
    ...spec('path.in', 'array', "path.in('a', 'b', ...)", 1, ['value'], 'boolean', 'the value equals one in the list'),
    variadic: 'last',
  },
  spec('round', 'none', 'round(value, digits?)', 1, ['number', 'number'], 'number', 'rounded to a number of decimals'),
  spec('if', 'none', 'if(condition, then, else)', 3, ['boolean', 'value', 'value'], 'value', 'then or else'),
  {
    ...spec(
      'ifs',
      'none',
      'ifs(condition1, value1, condition2, value2, ..., fallback)',
      3,
      ['boolean', 'value', 'value'],
      'value',
      'the value of the first condition that holds, else the fallback',
    ),
    variadic: 'pairs',
  },
];

/** Whether a function takes `count` arguments. */
export function acceptsCount(spec: FunctionSpec, count: number): boolean {
  if (count < spec.required) return false;
  switch (spec.variadic) {
    case 'last':
      return true;
    case 'pairs':
      return count % 2 === 1;
    default:
      return count <= spec.args.length;
  }
}

/** What the argument at `index` of a call with `count` arguments must be. */
export function argumentKindAt(spec: FunctionSpec, index: number, count: number): ArgumentKind | undefined {
  switch (spec.variadic) {
    case 'last':
      return spec.args[Math.min(index, spec.args.length - 1)];
    case 'pairs':
      // The last argument is the fallback; before it, conditions and values alternate.
      return index === count - 1 || index % 2 === 1 ? 'value' : 'boolean';
    default:
      return spec.args[index];
  }
}

function describeCount(spec: FunctionSpec): string {
  const plural = (n: number) => `${n} argument${n === 1 ? '' : 's'}`;
  switch (spec.variadic) {
    case 'last':
      return `at least ${plural(spec.required)}`;
    case 'pairs':
      return `an odd number of arguments, at least ${spec.required}`;
    default:
      return spec.required === spec.args.length
        ? plural(spec.required)
        : `${spec.required} to ${plural(spec.args.length)}`;
  }
}

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
  if (!acceptsCount(found, count)) {
    return {
      ...fail(
        'Expression.InvalidArguments',
        `${found.signature} takes ${describeCount(found)} but '${written}' at position ${call.nameStart} has ${count}`,
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
