import { get, type FieldErrors } from 'react-hook-form';
import { arrayItemField, type FormField } from './field-model';
import type { FormValues } from './normalize';

// FORM ERRORS
// Reads messages out of react-hook-form's error tree. Lists put their own message under `root` (the form's list
// rules) and their items' messages at the items' paths, so a plain lookup by field path would miss both.

export type FormErrors = FieldErrors<FormValues>;

/** The message at a field path, if any. */
export function errorAt(errors: FormErrors, path: string): string | undefined {
  const message: unknown = get(errors, `${path}.message`);
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The message about a list as a whole (too few or too many items), not about one of its items. */
export function listErrorAt(errors: FormErrors, path: string): string | undefined {
  return errorAt(errors, `${path}.root`) ?? errorAt(errors, path);
}

function listed(message: string | undefined): string[] {
  return message === undefined ? [] : [message];
}

/**
 * Every message in the form, in field order, a list's items after the list's own message.
 *
 * @example
 * errorMessages(fields, formState.errors); // ['First Name is required', 'Tags item 2 is required']
 */
export function errorMessages(fields: readonly FormField[], errors: FormErrors): string[] {
  return fields.flatMap((field): string[] => {
    if (field.control === 'object') return errorMessages(field.fields ?? [], errors);
    if (field.control !== 'array' || !field.item) return listed(errorAt(errors, field.path));
    const entries: unknown = get(errors, field.path);
    const count = Array.isArray(entries) ? entries.length : 0;
    const itemMessages = Array.from({ length: count }, (_, index) => {
      const item = arrayItemField(field, index);
      return item.fields ? errorMessages(item.fields, errors) : listed(errorAt(errors, item.path));
    });
    return [...listed(listErrorAt(errors, field.path)), ...itemMessages.flat()];
  });
}
