import { arrayItemField, type FormField } from './field-model';

// PLATFORM FIELD ERRORS
// A refused save answers `{ Errors: [{ ErrorCode, Message, Data }] }`. A validation failure names the property it is
// about in `Data.Property` (`Name`, `Inventory.QuantityAvailable`, `PriceBreaks[1].Price`), a duplicate ID answers
// 409 `IdExists`: those messages belong beside their field too, not only in the summary.

/** One entry of the platform's error envelope. */
export interface PlatformErrorEntry {
  readonly ErrorCode?: unknown;
  readonly Message?: unknown;
  readonly Data?: unknown;
}

export interface PlacedPlatformErrors {
  /** Form path (`PriceBreaks.1.Price`) -> message, for the fields the form has. */
  readonly byPath: Readonly<Record<string, string>>;
  /** Messages about no field of the form, in the order received. */
  readonly unplaced: readonly string[];
}

/** The `Errors` entries of a failed call (its `body`), or none. */
export function platformErrorEntries(error: unknown): PlatformErrorEntry[] {
  const body = (error as { body?: unknown } | null)?.body;
  const errors = (body as { Errors?: unknown } | null | undefined)?.Errors;
  return Array.isArray(errors)
    ? errors.filter((entry): entry is PlatformErrorEntry => typeof entry === 'object' && entry !== null)
    : [];
}

/**
 * The form path of a property path as the platform writes it, when the form has that field.
 *
 * @example
 * formPathOf(fields, 'PriceBreaks[1].Price'); // 'PriceBreaks.1.Price'
 * formPathOf(fields, 'Tags[0]'); // 'Tags.0.value'
 * formPathOf(fields, 'NotAField'); // null
 */
export function formPathOf(fields: readonly FormField[], property: string): string | null {
  const segments = property.replace(/\[(\d+)\]/g, '.$1').split('.');
  let level: readonly FormField[] = fields;
  for (let index = 0; index < segments.length; index += 1) {
    const field = level.find((candidate) => candidate.name === segments[index]);
    if (!field) return null;
    let target = field;
    if (field.control === 'array' && field.item) {
      const position = Number(segments[index + 1]);
      // A message about the list as a whole goes beside the list.
      if (!Number.isInteger(position)) return index === segments.length - 1 ? field.path : null;
      index += 1;
      target = arrayItemField(field, position);
    }
    if (index === segments.length - 1) return target.path;
    if (!target.fields) return null;
    level = target.fields;
  }
  return null;
}

function propertyOf(entry: PlatformErrorEntry): string | null {
  if (entry.ErrorCode === 'IdExists') return 'ID';
  const property = (entry.Data as { Property?: unknown } | null | undefined)?.Property;
  return typeof property === 'string' && property !== '' ? property : null;
}

/**
 * Splits a refusal's messages into those a field of the form is about (shown beside it) and the rest.
 *
 * @example
 * placePlatformErrors(fields, [{ ErrorCode: 'ValidationFailure', Message: 'Name is required.', Data: { Property: 'Name' } }]);
 * // { byPath: { Name: 'Name is required.' }, unplaced: [] }
 */
export function placePlatformErrors(
  fields: readonly FormField[],
  entries: readonly PlatformErrorEntry[],
): PlacedPlatformErrors {
  const byPath: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const entry of entries) {
    if (typeof entry.Message !== 'string' || entry.Message === '') continue;
    const property = propertyOf(entry);
    const path = property === null ? null : formPathOf(fields, property);
    if (path === null) unplaced.push(entry.Message);
    else byPath[path] = byPath[path] ? `${byPath[path]} ${entry.Message}` : entry.Message;
  }
  return { byPath, unplaced };
}
