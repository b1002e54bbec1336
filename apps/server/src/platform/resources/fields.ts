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
export const bool = (extra: Extra = {}): FieldSchema => ({ type: 'boolean', ...extra });
export const date = (extra: Extra = {}): FieldSchema => ({ type: 'string', format: 'date-time', ...extra });
export const enumOf = (enumRef: string, extra: Extra = {}): FieldSchema => ({ type: 'string', enumRef, ...extra });
export const model = (modelRef: string, extra: Extra = {}): FieldSchema => ({ type: 'object', modelRef, ...extra });
export const list = (items: FieldSchema, extra: Extra = {}): FieldSchema => ({ type: 'array', items, ...extra });
/** A free-form JSON object (ConfigData, xp). */
export const anyObject = (extra: Extra = {}): FieldSchema => ({ type: 'object', ...extra });
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

/** Declares a named model; the description publishes it under `components.schemas[name]`. */
export function defineModel(name: string, fields: Record<string, FieldSchema>, description?: string): ModelDefinition {
  return { name, fields, ...(description ? { description } : {}) };
}
