import type { LiteralExpr } from '@portal/expressions';
import { findField, MODELS, type ExpressionField, type ModelId } from './expression-fields';

// EXPRESSION PATHS AND LITERALS
// Between a builder field (`LineItem.Product.ID`) and the language's path, which depends on where the rule sits:
// inside an items.*(...) group a line item's fields are bare (`Product.ID`), elsewhere they go through `item`
// (a line-item-level promotion's current line). And between a rule's typed text and the literal it stands for.

/** Where a rule sits: at the top of the expression, or inside a line item group operator. */
export type Scope = 'top' | 'items';

const LINE_ITEM_PREFIX: Readonly<Partial<Record<ModelId, readonly string[]>>> = {
  LineItem: [],
  Product: ['Product'],
  Variant: ['Variant'],
  ShippingAddress: ['ShippingAddress'],
};

const ORDER_PREFIX: Readonly<Partial<Record<ModelId, readonly string[]>>> = {
  Order: ['order'],
  User: ['order', 'FromUser'],
  BillingAddress: ['order', 'BillingAddress'],
  OrderReturn: ['orderReturn'],
};

/** The language's path for a field, or null for fields that are not paths (Value, Category, approval rules). */
export function pathOf(field: ExpressionField, scope: Scope): string[] | null {
  const property = field.property.split('.');
  const lineItem = LINE_ITEM_PREFIX[field.model];
  const item = scope === 'items' ? [] : ['item'];
  if (field.model === 'CostCenter') return [...item, 'CostCenter'];
  if (field.type === 'category') return null;
  if (lineItem) return [...item, ...lineItem, ...property];
  const order = ORDER_PREFIX[field.model];
  return order ? [...order, ...property] : null;
}

const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** The model and property a line-item-relative path names (`Product.ID`, `Quantity`, `CostCenter`). */
function lineItemField(rel: string[], fields: readonly ExpressionField[]): ExpressionField | undefined {
  if (rel.length === 0) return undefined;
  if (rel.length === 1 && same(rel[0], 'CostCenter')) return findField(fields, 'CostCenter.ID');
  for (const modelId of ['Product', 'Variant', 'ShippingAddress'] as const) {
    if (same(rel[0], modelId)) return modelField(modelId, rel.slice(1), fields);
  }
  return modelField('LineItem', rel, fields);
}

function modelField(modelId: ModelId, property: string[], fields: readonly ExpressionField[]) {
  if (property.length === 0) return undefined;
  const model = MODELS.find((candidate) => candidate.id === modelId);
  if (!model) return undefined;
  if (same(property[0], 'xp')) {
    return property.length > 1 ? findField(fields, `${model.prefix}.xp.${property.slice(1).join('.')}`) : undefined;
  }
  const wanted = property.join('.').toLowerCase();
  // Property names match ignoring case in the language; the builder keeps the description's spelling.
  return fields.find((field) => field.model === modelId && field.property.toLowerCase() === wanted);
}

/** The field a path names where it is written, or undefined when the builder has no field for it. */
export function fieldOfPath(
  segments: readonly string[],
  scope: Scope,
  fields: readonly ExpressionField[],
): ExpressionField | undefined {
  const [root, ...rest] = segments;
  if (same(root, 'order')) {
    if (same(rest[0], 'FromUser')) return modelField('User', rest.slice(1), fields);
    if (same(rest[0], 'BillingAddress')) return modelField('BillingAddress', rest.slice(1), fields);
    return modelField('Order', rest, fields);
  }
  if (same(root, 'orderReturn')) return modelField('OrderReturn', rest, fields);
  if (same(root, 'item')) return lineItemField(rest, fields);
  if (same(root, 'product')) return modelField('Product', rest, fields);
  if (scope === 'items') return lineItemField([...segments], fields);
  return undefined;
}

/** Whether a call's target is the line's product (`item.product`, `product`, `Product` inside items). */
export function isProductTarget(segments: readonly string[]): boolean {
  if (segments.length === 2) return same(segments[0], 'item') && same(segments[1], 'product');
  // `product` is a root at the top and the line's Product inside items.*(...): the same thing either way.
  return segments.length === 1 && same(segments[0], 'product');
}

// LITERALS

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

type LiteralValue = Omit<LiteralExpr, 'start' | 'end'>;

export type LiteralKind = 'string' | 'number' | 'boolean' | 'date' | 'inferred';

/** What kind of literal a rule's value is, from its field and operator. */
export function literalKind(field: ExpressionField, operator: string): LiteralKind {
  if (operator === 'containsText') return 'string';
  if (operator === 'containsNumber') return 'number';
  if (field.type === 'xp') return 'inferred';
  if (field.type === 'date' && (operator === '+' || operator === '-')) return 'number';
  if (field.type === 'number' || field.type === 'boolean' || field.type === 'date') return field.type;
  return 'string';
}

/**
 * The literal a typed value stands for, or null when the text is not one (an empty number). An extended
 * property has no declared type, so its value is read the way it looks: true/false, a number, an ISO date, text.
 */
export function literalOf(kind: LiteralKind, text: string): LiteralValue | null {
  switch (kind) {
    case 'string':
      return { type: 'literal', kind: 'string', value: text };
    case 'number': {
      const trimmed = text.trim();
      return NUMBER.test(trimmed) ? { type: 'literal', kind: 'number', value: Number(trimmed) } : null;
    }
    case 'boolean':
      return text === 'true' || text === 'false' ? { type: 'literal', kind: 'boolean', value: text === 'true' } : null;
    case 'date': {
      const time = Date.parse(text);
      return Number.isNaN(time) ? null : { type: 'literal', kind: 'date', value: new Date(time).toISOString() };
    }
    case 'inferred':
      if (text === 'true' || text === 'false') return literalOf('boolean', text);
      if (NUMBER.test(text)) return literalOf('number', text);
      if (ISO_DATE.test(text)) return literalOf('date', text);
      return literalOf('string', text);
  }
}

/** The text a literal is typed as, or null when it is not of the kind (or would not read back the same). */
export function textOfLiteral(kind: LiteralKind, literal: LiteralExpr): string | null {
  let text: string | null = null;
  if (literal.kind === 'string') text = literal.value;
  else if (literal.kind === 'number') text = String(literal.value);
  else if (literal.kind === 'boolean') text = String(literal.value);
  else if (literal.kind === 'date') text = literal.value;
  if (text === null) return null;
  const back = literalOf(kind, text);
  return back && back.kind === literal.kind && back.value === literal.value ? text : null;
}
