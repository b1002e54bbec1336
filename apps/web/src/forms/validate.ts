import { arrayItemField, type FormField } from './field-model';

// VALIDATION
// One function per field so react-hook-form can run it on blur, and one over all values for a whole-form check.
// Messages are the spec's where it gives them (spec 2 §5, spec 1 §5); the bound messages it leaves open.

// Deliberately loose: the platform checks addresses itself; this only catches obvious typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function validateNumber(field: FormField, value: unknown): string | undefined {
  // Blank numbers are sent as 0 or the minimum (see normalize), so they never fail here.
  if (isBlank(value)) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(number)) return `${field.label} must be a number`;
  if (field.control === 'integer' && !Number.isInteger(number)) return `${field.label} must be a whole number`;
  const { minimum, maximum } = field.rules;
  if (minimum !== undefined && number < minimum) return `${field.label} must be at least ${minimum}`;
  if (maximum !== undefined && number > maximum) return `${field.label} must be at most ${maximum}`;
  return undefined;
}

function validateString(field: FormField, value: string): string | undefined {
  const { email, minLength, maxLength } = field.rules;
  // The label of an `Email` property is 'Email', which gives the spec's 'Email is invalid'.
  if (email && !EMAIL_PATTERN.test(value.trim())) return `${field.label} is invalid`;
  // Spec: '{name} must not exceed {n} characters', with the property name, unlike the label in 'is required'.
  if (maxLength !== undefined && value.length > maxLength) {
    return `${field.name} must not exceed ${maxLength} characters`;
  }
  if (minLength !== undefined && value.length < minLength) {
    return `${field.label} must be at least ${minLength} characters`;
  }
  return undefined;
}

function validateJson(field: FormField, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = parseJson(value);
  if (!parsed.ok) return `${field.label} must be valid JSON`;
  // Lists without an item editor (lists of lists, unknown items) are JSON text too.
  if (field.schema.type === 'array' && !Array.isArray(parsed.value)) return `${field.label} must be a list`;
  return undefined;
}

function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

function validateList(field: FormField, value: unknown): string | undefined {
  const count = Array.isArray(value) ? value.length : 0;
  const { required, minItems, maxItems } = field.rules;
  if (count === 0) {
    // An empty optional list is left out of the body, and minItems only binds a list that is sent.
    return required ? `${field.label} is required` : undefined;
  }
  if (minItems !== undefined && count < minItems) return `${field.label} needs at least ${itemCount(minItems)}`;
  if (maxItems !== undefined && count > maxItems) return `${field.label} allows at most ${itemCount(maxItems)}`;
  return undefined;
}

/**
 * The first problem with one list item's form value (from `arrayItemField`). Unlike a lone number, a blank
 * numeric item is not defaulted: an item that is there must hold a value.
 *
 * @example
 * validateItem(arrayItemField(scores, 1), ''); // 'Scores item 2 is required'
 */
export function validateItem(item: FormField, value: unknown): string | undefined {
  if (item.control !== 'switch' && item.control !== 'object' && isBlank(value)) return `${item.label} is required`;
  return validateField(item, value);
}

/**
 * The first problem with one field's form value, or undefined when it is fine.
 *
 * @example
 * validateField(emailField, 'nope'); // 'Email is invalid'
 */
export function validateField(field: FormField, value: unknown): string | undefined {
  switch (field.control) {
    case 'number':
    case 'integer':
      return validateNumber(field, value);
    case 'switch':
    case 'object':
      // A switch always holds a value; an object's own fields carry the rules.
      return undefined;
    case 'array':
    case 'multiselect':
      // The list as a whole; each item is checked with `validateItem`.
      return validateList(field, value);
  }
  if (isBlank(value)) return field.rules.required ? `${field.label} is required` : undefined;
  if (field.control === 'json') return validateJson(field, value);
  if (typeof value === 'string') return validateString(field, value);
  return undefined;
}

/** Reads a dot path out of nested form values. */
export function getPath(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function collectErrors(fields: readonly FormField[], values: unknown, errors: Record<string, string>): void {
  for (const field of fields) {
    const value = getPath(values, field.path);
    const message = validateField(field, value);
    if (message) errors[field.path] = message;
    if (field.fields) collectErrors(field.fields, values, errors);
    if (field.control !== 'array' || !field.item || !Array.isArray(value)) continue;
    value.forEach((_entry: unknown, index) => {
      const item = arrayItemField(field, index);
      if (item.fields) return collectErrors(item.fields, values, errors);
      const itemMessage = validateItem(item, getPath(values, item.path));
      if (itemMessage) errors[item.path] = itemMessage;
    });
  }
}

/**
 * Every problem in the form, by field path, in field order; list items by their own path (`Tags.1.value`).
 *
 * @example
 * validateValues(fields, { FirstName: '' }); // { FirstName: 'First Name is required' }
 */
export function validateValues(fields: readonly FormField[], values: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  collectErrors(fields, values, errors);
  return errors;
}
