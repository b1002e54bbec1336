/**
 * The schema vocabulary of the registry: a small subset of JSON Schema (what the public
 * description uses) plus references to named models and enums, which the description turns
 * into `$ref`s and the validator resolves.
 */
export interface FieldSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  format?: 'date-time' | 'int32' | 'float' | 'email';
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
  /** Accepted on input, never returned (passwords). */
  writeOnly?: boolean;
  description?: string;
  /** Name of an enum declared in `enums.ts`. */
  enumRef?: string;
  /** Name of a model declared with `defineModel`. */
  modelRef?: string;
  items?: FieldSchema;
  default?: unknown;
}

type Extra = Omit<FieldSchema, 'type' | 'items'>;

export const text = (maxLength?: number, extra: Extra = {}): FieldSchema => ({
  type: 'string',
  ...(maxLength ? { maxLength } : {}),
  ...extra,
});
export const int = (extra: Extra = {}): FieldSchema => ({ type: 'integer', format: 'int32', ...extra });
export const decimal = (extra: Extra = {}): FieldSchema => ({ type: 'number', format: 'float', ...extra });
/** A flag: false until set, as the public platform answers every flag it does not declare nullable. */
export const bool = (extra: Extra = {}): FieldSchema => ({ type: 'boolean', default: false, ...extra });
/** A flag whose absence means something (inherit from the parent level): null until set. */
export const optionalBool = (extra: Extra = {}): FieldSchema => ({ type: 'boolean', ...extra });
export const date = (extra: Extra = {}): FieldSchema => ({ type: 'string', format: 'date-time', ...extra });
export const enumOf = (enumRef: string, extra: Extra = {}): FieldSchema => ({ type: 'string', enumRef, ...extra });
export const model = (modelRef: string, extra: Extra = {}): FieldSchema => ({ type: 'object', modelRef, ...extra });
export const list = (items: FieldSchema, extra: Extra = {}): FieldSchema => ({ type: 'array', items, ...extra });
/** A free-form JSON object (ConfigData, xp); the validator bounds its JSON at 8000 bytes, as xp. */
export const anyObject = (extra: Extra = {}): FieldSchema => ({
  type: 'object',
  description: 'Any JSON object up to 8000 bytes.',
  ...extra,
});
export const readOnly = (field: FieldSchema): FieldSchema => ({ ...field, readOnly: true });
export const writeOnly = (field: FieldSchema): FieldSchema => ({ ...field, writeOnly: true });

/** The writable ID every entity has: letters, digits, `-` and `_`, at most 100 characters. */
export const id = (extra: Extra = {}): FieldSchema => text(100, extra);
/** Extended properties: any JSON object up to 8000 bytes. */
export const xp = (): FieldSchema =>
  anyObject({ description: 'Extended properties: any JSON object up to 8000 bytes.' });

export interface ModelDefinition {
  name: string;
  description?: string;
  fields: Readonly<Record<string, FieldSchema>>;
}

/**
 * Length bounds for strings whose public model sets none, so no one stores megabytes in a name.
 * A field's own `maxLength` (the public model's, where it has one) always wins; otherwise the
 * field's name decides:
 * - `ID` and `...ID` (references to other objects), items of `...IDs`, and role names: 100, as writable IDs;
 * - `...Name` and `...Username`: 100, as the names the public model bounds;
 * - `...Email`: 200, as `User.Email`;
 * - `...Url`, `...URL` and `...Endpoint`: 2048, the longest URL browsers and proxies reliably carry;
 * - any other text (keys, secrets, header values, connection strings): 4000, above every bound the
 *   public model sets on free text (2000 for descriptions, 3000 for tracking numbers), so a real key
 *   or bearer token always fits.
 * Dates and enum values are not bounded here: the validator only accepts a date or a listed value.
 */
export const DEFAULT_MAX_LENGTH = { id: 100, name: 100, email: 200, url: 2048, text: 4000 } as const;

/** The bound a string field named `name` gets when its declaration sets none (see `DEFAULT_MAX_LENGTH`). */
export function defaultMaxLength(name: string): number {
  if (/(^|[a-z])IDs?$/.test(name) || /Roles$/.test(name)) return DEFAULT_MAX_LENGTH.id;
  if (/(Name|Username)$/.test(name)) return DEFAULT_MAX_LENGTH.name;
  if (/Email$/.test(name)) return DEFAULT_MAX_LENGTH.email;
  if (/(Url|URL|Endpoint)$/.test(name)) return DEFAULT_MAX_LENGTH.url;
  return DEFAULT_MAX_LENGTH.text;
}

/** Whether a string schema holds free text that needs a length bound (not a date, not an enum value). */
export function isFreeText(field: FieldSchema): boolean {
  return field.type === 'string' && field.format !== 'date-time' && field.enumRef === undefined;
}

function withDefaultBound(name: string, field: FieldSchema): FieldSchema {
  if (isFreeText(field) && field.maxLength === undefined) return { ...field, maxLength: defaultMaxLength(name) };
  if (field.type === 'array' && field.items && isFreeText(field.items) && field.items.maxLength === undefined)
    return { ...field, items: { ...field.items, maxLength: defaultMaxLength(name) } };
  return field;
}

/**
 * Declares a named model; the description publishes it under `components.schemas[name]`. Strings
 * declared without a bound get the default one for their name here, so the validator and the
 * description both see it.
 */
export function defineModel(name: string, fields: Record<string, FieldSchema>, description?: string): ModelDefinition {
  const bounded = Object.fromEntries(
    Object.entries(fields).map(([fieldName, field]) => [fieldName, withDefaultBound(fieldName, field)]),
  );
  return { name, fields: bounded, ...(description ? { description } : {}) };
}
