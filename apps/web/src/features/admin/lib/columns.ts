import type { SchemaObject } from '@/description/openapi-types';
import { isIdFieldName } from '@/forms/field-model';

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
}

/** Beyond this many default columns a list gets wide on a laptop; more stay one click away in column options. */
export const DEFAULT_COLUMN_LIMIT = 6;

const SCALAR = new Set(['string', 'number', 'integer', 'boolean']);

/** The columns a list item model offers, in model order. */
export function availableColumns(itemSchema: SchemaObject | null): ListColumn[] {
  const properties = itemSchema?.properties ?? {};
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
      },
    ];
  });
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
 * The columns shown before the user chooses: neither passwords nor ids of other resources, the common listed
 * fields first (ID, Name, ...), then the model's own order, at most {@link DEFAULT_COLUMN_LIMIT}.
 *
 * @example
 * defaultColumns(availableColumns(productSchema)); // ['ID', 'Name', 'Active', 'Description', ...]
 */
export function defaultColumns(columns: readonly ListColumn[]): string[] {
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
