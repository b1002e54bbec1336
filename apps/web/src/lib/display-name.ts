/** What the display-name rule shows when an item has none of the fields it reads. */
export const NO_DISPLAY_NAME = 'N/A';

/**
 * The name to show for any marketplace item (spec 1 §2, spec 2 §2): AppName, else AddressName, else FirstName
 * plus LastName, else Username, else Name, else ID, else 'N/A'. Blank strings count as missing, so an item
 * with an empty AppName falls through to the next field.
 *
 * @example
 * displayName({ FirstName: 'Ann', LastName: 'Lee', Username: 'ann' }); // 'Ann Lee'
 * displayName({ ID: 'P-1' }); // 'P-1'
 * displayName(null); // 'N/A'
 */
export function displayName(item: unknown): string {
  if (typeof item !== 'object' || item === null) return NO_DISPLAY_NAME;
  const fields = item as Record<string, unknown>;
  const person = [text(fields.FirstName), text(fields.LastName)].filter(Boolean).join(' ');
  return (
    text(fields.AppName) ||
    text(fields.AddressName) ||
    person ||
    text(fields.Username) ||
    text(fields.Name) ||
    text(fields.ID) ||
    NO_DISPLAY_NAME
  );
}

function text(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}
