import type { FieldSchema, ModelDefinition } from '../resources/fields.ts';
import type { Item } from './item.ts';
import type { Registry } from '../resources/types.ts';
import type { ApiErrorEntry } from './errors.ts';

export const XP_MAX_BYTES = 8000;
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface ValidateOptions {
  /** Fields that must be present and non-empty (create and replace). */
  required: readonly string[];
  /** The stored object, so read-only fields that are sent back unchanged are accepted. */
  previous: Item | undefined;
}

const problem = (property: string, message: string): ApiErrorEntry => ({
  ErrorCode: 'ValidationFailure',
  Message: message,
  Data: { Property: property },
});

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && /\d{4}-\d\d-\d\d/.test(a)) {
    return Date.parse(a) === Date.parse(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Checks a request body against a model and returns it normalised (dates as ISO UTC), or the list
 * of problems. Every problem is reported, not just the first, so a form can show them all.
 */
export function validateBody(
  registry: Registry,
  model: ModelDefinition,
  body: unknown,
  options: ValidateOptions,
): { value: Item; errors: ApiErrorEntry[] } {
  const errors: ApiErrorEntry[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      value: {},
      errors: [
        {
          ErrorCode: 'Request.InvalidRequestBody',
          Message: `The request body must be a ${model.name} object.`,
          Data: null,
        },
      ],
    };
  }
  const value = checkObject(registry, model, body as Item, '', options.previous, errors);
  for (const field of options.required) {
    const given = value[field];
    if (given === undefined || given === null || given === '') errors.push(problem(field, `${field} is required.`));
  }
  return { value, errors };
}

function checkObject(
  registry: Registry,
  model: ModelDefinition,
  body: Item,
  prefix: string,
  previous: Item | undefined,
  errors: ApiErrorEntry[],
): Item {
  const value: Item = {};
  for (const [name, raw] of Object.entries(body)) {
    const path = `${prefix}${name}`;
    const field = model.fields[name];
    if (!field) {
      errors.push(problem(path, `${path} is not a property of ${model.name}.`));
      continue;
    }
    if (field.readOnly) {
      // A read-only value sent back as it was (a GET then PUT round trip) is fine; a new one is not.
      if (raw !== undefined && raw !== null && !sameValue(raw, previous?.[name])) {
        errors.push(problem(path, `${path} is read-only.`));
      }
      continue;
    }
    value[name] = checkField(registry, field, raw, path, previous?.[name], errors);
  }
  if (!prefix && typeof value.ID === 'string' && value.ID !== '' && !isIdWithTokens(value.ID)) {
    errors.push(problem('ID', 'ID may only contain letters, digits, - and _ (at most 100 characters).'));
  }
  // Free-form objects (xp, ConfigData) have no fields to bound one by one: the whole object is.
  for (const [name, field] of Object.entries(model.fields)) {
    const given = value[name];
    if (field.type !== 'object' || field.modelRef || given === undefined || given === null) continue;
    const bytes = Buffer.byteLength(JSON.stringify(given), 'utf8');
    if (bytes > XP_MAX_BYTES)
      errors.push(problem(`${prefix}${name}`, `${name} must not exceed ${XP_MAX_BYTES} bytes (it has ${bytes}).`));
  }
  return value;
}

/** IDs may hold `{incrementorID}` tokens that are replaced before storing. */
function isIdWithTokens(id: string): boolean {
  return ID_PATTERN.test(id.replace(/\{[A-Za-z0-9_-]+\}/g, 'x'));
}

function checkField(
  registry: Registry,
  field: FieldSchema,
  raw: unknown,
  path: string,
  previous: unknown,
  errors: ApiErrorEntry[],
): unknown {
  if (raw === null || raw === undefined) return null;
  const wrongType = (expected: string) => {
    errors.push(problem(path, `${path} must be ${expected}.`));
    return null;
  };
  switch (field.type) {
    case 'string': {
      if (typeof raw !== 'string') return wrongType('text');
      if (field.format === 'date-time') {
        const time = Date.parse(raw);
        if (Number.isNaN(time)) return wrongType('a date and time (ISO 8601)');
        return new Date(time).toISOString();
      }
      if (field.maxLength !== undefined && raw.length > field.maxLength) {
        errors.push(problem(path, `${path} must not exceed ${field.maxLength} characters.`));
      }
      if (field.enumRef) {
        const allowed = registry.enums[field.enumRef] ?? [];
        if (!allowed.includes(raw)) errors.push(problem(path, `${path} must be one of: ${allowed.join(', ')}.`));
      }
      return raw;
    }
    case 'integer':
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return wrongType('a number');
      if (field.type === 'integer' && !Number.isInteger(raw)) return wrongType('a whole number');
      if (field.minimum !== undefined && raw < field.minimum)
        errors.push(problem(path, `${path} must be at least ${field.minimum}.`));
      if (field.maximum !== undefined && raw > field.maximum)
        errors.push(problem(path, `${path} must be at most ${field.maximum}.`));
      return raw;
    }
    case 'boolean':
      return typeof raw === 'boolean' ? raw : wrongType('true or false');
    case 'array': {
      if (!Array.isArray(raw)) return wrongType('a list');
      const items = field.items;
      return items
        ? raw.map((entry, index) => checkField(registry, items, entry, `${path}[${index}]`, undefined, errors))
        : raw;
    }
    case 'object': {
      if (typeof raw !== 'object' || Array.isArray(raw)) return wrongType('an object');
      if (!field.modelRef) return raw;
      const nested = registry.model(field.modelRef);
      return checkObject(
        registry,
        nested,
        raw as Item,
        `${path}.`,
        (previous ?? undefined) as Item | undefined,
        errors,
      );
    }
    default:
      return raw;
  }
}

/**
 * The object as stored after a create: every model field present (null when not given, or its
 * default), so lists and filters see the same shape for every item.
 */
export function withDefaults(model: ModelDefinition, value: Item): Item {
  const filled: Item = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.writeOnly) continue;
    if (value[name] !== undefined && value[name] !== null) filled[name] = value[name];
    else if (field.default !== undefined) filled[name] = structuredClone(field.default);
    else if (name === 'xp') filled[name] = {};
    else filled[name] = null;
  }
  return filled;
}

/** PATCH semantics: objects merge recursively (xp too), anything else is replaced. */
export function deepMerge(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(target) || !isPlainObject(patch)) return structuredClone(patch);
  const merged: Item = { ...target };
  for (const [key, value] of Object.entries(patch)) merged[key] = deepMerge(target[key], value);
  return merged;
}

function isPlainObject(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
