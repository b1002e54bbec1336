import type { SchemaObject } from '@/description/openapi-types';
import { fieldLabel, isIdFieldName } from '@/forms/field-model';

// LIST COLUMNS
// Which fields a list can show (the scalar properties of the list operation's item model) and which it shows by
// default (spec 2 §2: not Password, not fields naming other resources' ids). A user's choice is kept in
// localStorage per marketplace and resource.

export interface ListColumn {
  readonly field: string;
  readonly type: 'string' | 'number' | 'integer' | 'boolean';
  readonly format?: string;
  /** An enum's choices, offered by the filters as a select. */
  readonly values?: readonly string[];
  /** The heading when it is not the field's label (an order's FromUserID column reads 'Customer'). */
  readonly label?: string;
  /**
   * A cell read from the whole item rather than the field alone (format-value's formatCell): an order's customer,
   * an amount in the item's currency, a line item's product name beside its ID. Filters, sorting and export keep
   * using the field itself.
   */
  readonly display?: 'customer' | 'money' | 'product';
  /** The column's place among the defaults its model names for itself (MODEL_DEFAULTS), from 0. */
  readonly defaultRank?: number;
}

/** A column's heading. */
export function columnLabel(column: Pick<ListColumn, 'field' | 'label'>): string {
  return column.label ?? fieldLabel(column.field);
}

// Amounts that carry the item's own Currency (orders, payments): shown as money when the model has a Currency.
const MONEY_FIELDS = new Set([
  'Subtotal',
  'ShippingCost',
  'TaxCost',
  'Gratuity',
  'Fees',
  'PromotionDiscount',
  'Total',
  'Amount',
]);

/** What a model's columns show beyond the field's value, by the model's name in the API description. */
function derivedDisplay(
  schemaName: string,
  field: string,
  properties: Readonly<Record<string, SchemaObject>>,
): Pick<ListColumn, 'label' | 'display'> {
  if (schemaName === 'Order' && field === 'FromUserID') return { label: 'Customer', display: 'customer' };
  if (/LineItem$/.test(schemaName) && field === 'ProductID' && properties.Product)
    return { label: 'Product', display: 'product' };
  if (MONEY_FIELDS.has(field) && properties.Currency) return { display: 'money' };
  return {};
}

// The columns a list of these models shows first, in this order (spec 2 §2 leaves them to the product): an
// order is read by who placed it, where it stands and what it costs; a line item by its product and price.
const MODEL_DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  Order: ['ID', 'FromUserID', 'Status', 'DateSubmitted', 'LineItemCount', 'Total'],
  LineItem: ['ID', 'ProductID', 'Quantity', 'UnitPrice', 'LineTotal', 'DateAdded'],
};

/** Beyond this many default columns a list gets wide on a laptop; more stay one click away in column options. */
export const DEFAULT_COLUMN_LIMIT = 6;

const SCALAR = new Set(['string', 'number', 'integer', 'boolean']);

/** The columns a list item model offers, in model order. */
export function availableColumns(itemSchema: SchemaObject | null): ListColumn[] {
  const properties = itemSchema?.properties ?? {};
  const schemaName = itemSchema?.['x-schema-name'] ?? '';
  return Object.entries(properties).flatMap(([field, schema]): ListColumn[] => {
    const type = typeof schema.type === 'string' ? schema.type : '';
    if (!SCALAR.has(type)) return [];
    const column: ListColumn = { field, type: type as ListColumn['type'] };
    const values = (schema.enum ?? []).filter((value): value is string => typeof value === 'string');
    return [
      {
        ...column,
        ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
        ...(values.length > 0 ? { values } : {}),
        ...derivedDisplay(schemaName, field, properties),
        ...defaultRank(schemaName, field),
      },
    ];
  });
}

function defaultRank(schemaName: string, field: string): Pick<ListColumn, 'defaultRank'> {
  const rank = MODEL_DEFAULTS[schemaName]?.indexOf(field) ?? -1;
  return rank >= 0 ? { defaultRank: rank } : {};
}

function isDefaultColumn(field: string): boolean {
  return !/password/i.test(field) && !isIdFieldName(field);
}

// Spec 2 §3 "Common listed fields", the ones that tell items apart first.
const LEADING_FIELDS = [
  'ID',
  'Name',
  'AppName',
  'AddressName',
  'Username',
  'FirstName',
  'LastName',
  'Email',
  'CompanyName',
  'Active',
  'Description',
  'EventType',
  'URL',
];

/**
 * The columns shown before the user chooses: those the model names for itself (an order's customer and total),
 * else neither passwords nor ids of other resources, the common listed fields first (ID, Name, ...), then the
 * model's own order; at most {@link DEFAULT_COLUMN_LIMIT}.
 *
 * @example
 * defaultColumns(availableColumns(productSchema)); // ['ID', 'Name', 'Active', 'Description', ...]
 */
export function defaultColumns(columns: readonly ListColumn[]): string[] {
  const ranked = columns.filter((column) => column.defaultRank !== undefined);
  if (ranked.length > 0) {
    return ranked
      .sort((a, b) => (a.defaultRank ?? 0) - (b.defaultRank ?? 0))
      .map((column) => column.field)
      .slice(0, DEFAULT_COLUMN_LIMIT);
  }
  const fields = columns.map((column) => column.field).filter(isDefaultColumn);
  const leading = LEADING_FIELDS.filter((field) => fields.includes(field));
  const ordered = [...leading, ...fields.filter((field) => !leading.includes(field))];
  return ordered.slice(0, DEFAULT_COLUMN_LIMIT);
}

export type ColumnStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function columnsStorageKey(marketplaceId: string, collectionKey: string): string {
  return `admin-columns:${marketplaceId}:${collectionKey}`;
}

/** The stored choice, limited to fields the model still has; null when none is stored (or it is unreadable). */
export function readColumns(
  storage: ColumnStorage | undefined,
  key: string,
  available: readonly ListColumn[],
): string[] | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (!Array.isArray(parsed)) return null;
    const known = new Set(available.map((column) => column.field));
    return parsed.filter((field): field is string => typeof field === 'string' && known.has(field));
  } catch {
    return null;
  }
}

export function writeColumns(storage: ColumnStorage | undefined, key: string, fields: readonly string[] | null): void {
  try {
    if (fields === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(fields));
  } catch {
    // Storage full or disabled: the choice lasts for this visit only.
  }
}

/** localStorage when the browser allows it. */
export function browserStorage(): ColumnStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
