import type { ApiDescription } from '@/description/api-model';
import type { JsonValue, SchemaObject } from '@/description/openapi-types';

// EXPRESSION FIELDS
// The models an expression can test (spec 2 §3 "Models available to expressions"), read from the platform's
// API description so a new property appears without a code change. Each field's name is the model's path plus
// the property (`LineItem.Product.ID`, `Order.FromUser.Email`); `expression-paths.ts` turns it into the
// language's path (`Product.ID` inside items.*(...), `item.Product.ID` at the top, `order.FromUser.Email`).

export type ModelId =
  | 'Product'
  | 'LineItem'
  | 'Variant'
  | 'User'
  | 'Order'
  | 'OrderReturn'
  | 'BillingAddress'
  | 'ShippingAddress'
  | 'Value'
  | 'ApprovalRule'
  | 'SellerApprovalRule'
  | 'CostCenter';

/** `category`, `approvalRuleId` and `costCenterId` allow only equals; `xp` allows every operator. */
export type FieldType =
  'string' | 'number' | 'boolean' | 'date' | 'xp' | 'category' | 'approvalRuleId' | 'costCenterId';

export interface ExpressionModel {
  readonly id: ModelId;
  readonly label: string;
  /** Field names start with this (`LineItem.Product`); empty for Value. */
  readonly prefix: string;
  /** A line-item model: its fields belong inside the line item group operators (or a line-item-level promotion). */
  readonly lineItem: boolean;
  /** Whether 'Add XP (Extended Property)' offers it. */
  readonly hasXp: boolean;
}

export interface ExpressionField {
  /** `LineItem.Product.ID`, `Order.xp.Tier`, `Value.Number`. */
  readonly name: string;
  readonly label: string;
  readonly model: ModelId;
  /** The path inside the model: `ID`, `xp.Tier`, `Inventory.QuantityAvailable`. */
  readonly property: string;
  readonly type: FieldType;
  readonly enumValues?: readonly string[];
}

export const MODELS: readonly ExpressionModel[] = [
  { id: 'Product', label: 'Product', prefix: 'LineItem.Product', lineItem: true, hasXp: true },
  { id: 'LineItem', label: 'Line Item', prefix: 'LineItem', lineItem: true, hasXp: true },
  { id: 'Variant', label: 'Variant', prefix: 'LineItem.Variant', lineItem: true, hasXp: true },
  { id: 'User', label: 'User', prefix: 'Order.FromUser', lineItem: false, hasXp: true },
  { id: 'Order', label: 'Order', prefix: 'Order', lineItem: false, hasXp: true },
  { id: 'OrderReturn', label: 'Order Return', prefix: 'OrderReturn', lineItem: false, hasXp: true },
  { id: 'BillingAddress', label: 'Billing Address', prefix: 'Order.BillingAddress', lineItem: false, hasXp: true },
  {
    id: 'ShippingAddress',
    label: 'Shipping Address',
    prefix: 'LineItem.ShippingAddress',
    lineItem: true,
    hasXp: true,
  },
  { id: 'Value', label: 'Value', prefix: 'Value', lineItem: false, hasXp: false },
  { id: 'ApprovalRule', label: 'Approval Rule', prefix: 'ApprovalRule', lineItem: false, hasXp: false },
  {
    id: 'SellerApprovalRule',
    label: 'Seller Approval Rule',
    prefix: 'SellerApprovalRule',
    lineItem: false,
    hasXp: false,
  },
  { id: 'CostCenter', label: 'Cost Center', prefix: 'CostCenter', lineItem: false, hasXp: false },
];

export function modelById(id: ModelId): ExpressionModel {
  return MODELS.find((model) => model.id === id) as ExpressionModel;
}

/** Properties the spec leaves out of each model (spec 2 §3). */
const EXCLUDED: Readonly<Partial<Record<ModelId, readonly string[]>>> = {
  LineItem: ['ShippingAddressID', 'Product', 'ShippingAddress'],
  User: ['Password', 'Active', 'AvailableRoles'],
  Order: ['FromUser', 'FromUserID', 'BillingAddress', 'ShippingAddressID', 'Comments'],
  OrderReturn: ['Comments'],
};

/**
 * A line item's `CostCenter` is the Cost Center model's ID in the language (`items.any(CostCenter = 'ABC')`),
 * so it is offered once, under Cost Center, where it allows only equals.
 */
const MOVED_TO_COST_CENTER = 'CostCenter';

export const VALUE_FIELDS: readonly ExpressionField[] = [
  { name: 'Value.Text', label: 'Text', model: 'Value', property: 'Text', type: 'string' },
  { name: 'Value.Boolean', label: 'Boolean', model: 'Value', property: 'Boolean', type: 'boolean' },
  { name: 'Value.Number', label: 'Number', model: 'Value', property: 'Number', type: 'number' },
  { name: 'Value.Date', label: 'Date', model: 'Value', property: 'Date', type: 'date' },
];

function scalarType(schema: SchemaObject): FieldType | null {
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' || schema.format === 'date' ? 'date' : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      // Objects and arrays other than xp have no single value to compare.
      return null;
  }
}

function fieldsOfSchema(model: ExpressionModel, schema: SchemaObject | undefined): ExpressionField[] {
  const excluded = EXCLUDED[model.id] ?? [];
  const fields: ExpressionField[] = [];
  for (const [property, propertySchema] of Object.entries(schema?.properties ?? {})) {
    if (property === 'xp' || excluded.includes(property)) continue;
    if (model.id === 'LineItem' && property === MOVED_TO_COST_CENTER) continue;
    const type = scalarType(propertySchema);
    if (!type) continue;
    const enumValues = propertySchema.enum?.filter((value: JsonValue): value is string => typeof value === 'string');
    fields.push({
      name: `${model.prefix}.${property}`,
      label: `${model.label} ${property}`,
      model: model.id,
      property,
      type,
      ...(enumValues && enumValues.length > 0 ? { enumValues } : {}),
    });
  }
  return fields;
}

function idField(model: ExpressionModel, type: FieldType): ExpressionField {
  return { name: `${model.prefix}.ID`, label: `${model.label} ID`, model: model.id, property: 'ID', type };
}

/**
 * Every field an expression can use, by model, from the description's component schemas. Product, Variant and
 * the addresses are read through the properties that hold them (LineItem.Product, Order.FromUser ...), so
 * the platform's own names for those schemas do not matter.
 */
export function expressionFields(description: ApiDescription): ExpressionField[] {
  const schemas = description.schemas;
  const lineItem = schemas.LineItem;
  const order = schemas.Order;
  const bySchema: [ModelId, SchemaObject | undefined][] = [
    ['Product', lineItem?.properties?.Product],
    ['LineItem', lineItem],
    ['Variant', lineItem?.properties?.Variant],
    ['User', order?.properties?.FromUser ?? schemas.User],
    ['Order', order],
    ['OrderReturn', schemas.OrderReturn],
    ['BillingAddress', order?.properties?.BillingAddress ?? schemas.Address],
    ['ShippingAddress', lineItem?.properties?.ShippingAddress ?? schemas.Address],
  ];
  const fields: ExpressionField[] = [];
  for (const [id, schema] of bySchema) {
    const model = modelById(id);
    fields.push(...fieldsOfSchema(model, schema));
    if (id === 'Product') {
      fields.push(
        {
          name: 'LineItem.Product.Category',
          label: 'Product Category',
          model: id,
          property: 'Category',
          type: 'category',
        },
        {
          name: 'LineItem.Product.Inventory.QuantityAvailable',
          label: 'Product Inventory.QuantityAvailable',
          model: id,
          property: 'Inventory.QuantityAvailable',
          type: 'number',
        },
      );
    }
  }
  fields.push(...VALUE_FIELDS);
  // Approval rules and cost centers are named by ID in the language (order.approved('id'), CostCenter = 'id');
  // their other properties cannot be tested, so only ID is offered.
  fields.push(idField(modelById('ApprovalRule'), 'approvalRuleId'));
  fields.push(idField(modelById('SellerApprovalRule'), 'approvalRuleId'));
  fields.push(idField(modelById('CostCenter'), 'costCenterId'));
  return fields;
}

/** An extended property of a model: `Order.xp.Tier`. */
export function xpField(modelId: ModelId, xpPath: string): ExpressionField {
  const model = modelById(modelId);
  return {
    name: `${model.prefix}.xp.${xpPath}`,
    label: `${model.label} xp.${xpPath}`,
    model: modelId,
    property: `xp.${xpPath}`,
    type: 'xp',
  };
}

/** The field a name stands for: a known one, or an xp field of a model (`Order.xp.Tier`), else undefined. */
export function findField(fields: readonly ExpressionField[], name: string): ExpressionField | undefined {
  const known = fields.find((field) => field.name === name);
  if (known) return known;
  for (const model of MODELS) {
    if (!model.hasXp) continue;
    const start = `${model.prefix}.xp.`;
    if (name.startsWith(start) && name.length > start.length) return xpField(model.id, name.slice(start.length));
  }
  return undefined;
}

// OPERATORS BY FIELD TYPE (spec 2 §5)

export const OPERATOR_LABELS: Readonly<Record<string, string>> = {
  '=': '=',
  not: 'not (<>)',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  containsText: 'contains text',
  containsNumber: 'contains number',
  count: 'count',
  countWithCriteria: 'count with criteria',
  any: 'any',
  all: 'all',
  value: 'value',
  in: 'in',
};

const COMPARISON = ['=', 'not', '<', '>', '<=', '>='];
const MATH = ['+', '-', '*', '/', '%'];
const ARRAY = ['containsText', 'containsNumber', 'count', 'countWithCriteria', 'any', 'all'];
export const ALL_OPERATORS: readonly string[] = [...COMPARISON, ...MATH, ...ARRAY, 'value', 'in'];

export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly string[]>> = {
  number: [...COMPARISON, ...MATH, 'value', 'in'],
  date: [...COMPARISON, '+', '-', 'value'],
  string: ['=', 'not', 'containsText', 'value', 'in'],
  boolean: ['=', 'not', 'value'],
  category: ['='],
  approvalRuleId: ['='],
  costCenterId: ['='],
  xp: ALL_OPERATORS,
};

export function operatorsFor(field: ExpressionField): readonly string[] {
  // A Value field is a literal: it has no operator of its own beyond standing for its value.
  if (field.model === 'Value') return ['value'];
  return OPERATORS_BY_TYPE[field.type];
}

/** Operators that take no value: the rule is the field itself, or a count of it. */
export function takesValue(operator: string): boolean {
  return operator !== 'value' && operator !== 'count';
}
