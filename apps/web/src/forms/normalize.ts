import type { JsonValue } from '@/description/openapi-types';
import { ITEM_VALUE_KEY, type FormField } from './field-model';
import { isBlank } from './validate';

// NORMALIZE
// Item -> form values (what the controls hold) and form values -> request body (what the API gets). Controls hold
// strings for numbers, dates and JSON so a user can clear them; the body gets real types back. A list with an item
// editor holds one entry object per item (`{ value }` for primitives) because the form keys and moves entries, not
// bare values; a multi-select holds the chosen options as strings.

export type FormValues = { [key: string]: FormValue };
export type FormValue = string | boolean | FormValues | FormValues[] | string[];

/** The platform writes this date where a value was never set; the form treats it as empty (spec 2 §3). */
export const PLACEHOLDER_DATE = '2018-01-01';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ISO date-time -> `YYYY-MM-DDTHH:mm` in UTC for a datetime-local input; placeholder or invalid -> ''. */
export function toUtcInput(value: unknown): string {
  if (typeof value !== 'string' || value.startsWith(PLACEHOLDER_DATE)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** `YYYY-MM-DDTHH:mm` read as UTC (the form shows UTC) -> ISO string; blank or invalid -> undefined. */
export function fromUtcInput(value: string): string | undefined {
  if (isBlank(value)) return undefined;
  const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What a blank number becomes: 0, moved into [minimum, maximum] (spec: "default to 0 ... honour a minimum"). */
export function numberDefault(field: FormField): number {
  const { minimum, maximum } = field.rules;
  if (minimum !== undefined && minimum > 0) return minimum;
  if (maximum !== undefined && maximum < 0) return maximum;
  return 0;
}

function toFormValue(field: FormField, value: unknown): FormValue {
  switch (field.control) {
    case 'switch':
      return typeof value === 'boolean' ? value : false;
    case 'number':
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    case 'datetime':
      return toUtcInput(value);
    case 'select':
      return field.options?.some((option) => option === value) ? String(value) : '';
    case 'object':
      return toFormValues(field.fields ?? [], value);
    case 'array': {
      const { item } = field;
      return Array.isArray(value) && item ? value.map((entry: unknown) => toItemFormValue(item, entry)) : [];
    }
    case 'multiselect': {
      if (!Array.isArray(value)) return [];
      // The item's own order is kept so an untouched list does not show up as changed in the PATCH diff.
      const chosen = value.filter((entry: unknown) => field.options?.some((option) => option === entry));
      return [...new Set(chosen.map(String))];
    }
    case 'json':
      return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    default:
      // Wrong types become empty rather than "[object Object]" in a text box (spec 2 §5).
      return typeof value === 'string' ? value : '';
  }
}

/**
 * The form entry for one list item: an object item's values, or `{ value }` for a primitive.
 *
 * @example
 * toItemFormValue(arrayItemField(scores, 0), 7); // { value: '7' }
 */
export function toItemFormValue(item: FormField, value: unknown): FormValues {
  if (item.control === 'object') return toFormValues(item.fields ?? [], value);
  return { [ITEM_VALUE_KEY]: toFormValue(item, value) };
}

/**
 * The form's starting values for an item (or for a new one when `item` is undefined).
 *
 * @example
 * toFormValues(fields, { Name: 'A', Active: 'yes' }); // { Name: 'A', Active: false }
 */
export function toFormValues(fields: readonly FormField[], item: unknown): FormValues {
  const source = isRecord(item) ? item : {};
  const values: FormValues = {};
  for (const field of fields) values[field.name] = toFormValue(field, source[field.name]);
  return values;
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

// An empty list is a blank value: left out like the others, so a form that never touched it does not overwrite
// the item's list; the PATCH diff sends [] when a list was emptied.
/**
 * Whether form values hold nothing the user gave: blanks, switches left off, empty lists, all the way down. An
 * optional nested object like that is left out of the body; otherwise its blank numbers would become zeros the
 * platform may reject (a password policy with a minimum length of 0, say).
 */
export function isUntouched(value: unknown): boolean {
  if (isRecord(value)) return Object.values(value).every(isUntouched);
  if (Array.isArray(value)) return value.length === 0;
  return value === false || isBlank(value);
}

function nonEmpty(list: JsonValue[]): JsonValue[] | undefined {
  return list.length > 0 ? list : undefined;
}

function chosenOption(field: FormField, entry: unknown): JsonValue[] {
  const option = field.options?.find((candidate) => String(candidate) === entry);
  return option === undefined ? [] : [option];
}

function listBody(item: FormField, entries: readonly unknown[]): JsonValue[] {
  return entries.flatMap((entry): JsonValue[] => {
    if (item.control === 'object') return [toRequestBody(item.fields ?? [], entry)];
    // Bare values are accepted too, so a caller may hand in a plain list.
    const raw = isRecord(entry) ? entry[ITEM_VALUE_KEY] : entry;
    // Dropped rather than sent as 0 or '': validation already asks for a value, this covers unvalidated input.
    if (item.control !== 'switch' && isBlank(raw)) return [];
    const value = toBodyValue(item, raw);
    return value === undefined ? [] : [value];
  });
}

function toBodyValue(field: FormField, value: unknown): JsonValue | undefined {
  switch (field.control) {
    case 'switch':
      return value === true;
    case 'number':
    case 'integer': {
      const number = typeof value === 'number' ? value : isBlank(value) ? Number.NaN : Number(value);
      return Number.isNaN(number) ? numberDefault(field) : number;
    }
    case 'datetime':
      return typeof value === 'string' ? fromUtcInput(value) : undefined;
    case 'select':
      return field.options?.find((option) => String(option) === value);
    case 'object':
      return !field.rules.required && isUntouched(value) ? undefined : toRequestBody(field.fields ?? [], value);
    case 'array':
      return Array.isArray(value) && field.item ? nonEmpty(listBody(field.item, value)) : undefined;
    case 'multiselect':
      return Array.isArray(value) ? nonEmpty(value.flatMap((entry: unknown) => chosenOption(field, entry))) : undefined;
    case 'json':
      return typeof value === 'string' && !isBlank(value) ? parseJson(value) : undefined;
    default:
      return typeof value === 'string' && value !== '' ? value : undefined;
  }
}

/**
 * The request body for form values. Only modelled fields are sent, so read-only ones never are; blank optional
 * values are left out, and the PATCH diff turns a value that went missing into null.
 *
 * @example
 * toRequestBody(fields, { ID: 'x', Name: 'A', Quantity: '' }); // { Name: 'A', Quantity: 0 } (ID is read-only)
 */
export function toRequestBody(fields: readonly FormField[], values: unknown): { [key: string]: JsonValue } {
  const source = isRecord(values) ? values : {};
  const body: { [key: string]: JsonValue } = {};
  for (const field of fields) {
    const value = toBodyValue(field, source[field.name]);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}
