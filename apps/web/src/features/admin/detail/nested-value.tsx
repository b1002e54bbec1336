import { fieldLabel } from '@/forms/field-model';
import { displayName, NO_DISPLAY_NAME } from '@/lib/display-name';
import { DateTime, parseDateTime } from '@/ui/date-time';
import { JsonTree, scalarText } from '@/ui/json-view';

// A nested object of a generated detail page (an order's FromUser, a line item's Product, any xp) as a collapsible
// tree of labelled rows: the platform's field names read as labels, dates in the portal's format, names of
// people, products and addresses on the closed line.

// ISO 8601 moments as the platform writes them; plain text that merely parses as a date (`'2024'`) stays text.
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A key's label: the platform's field names spaced out; inside xp, keys are the user's own and stay as typed. */
export function nestedKeyLabel(key: string, path: readonly string[]): string {
  if (path.includes('xp') || /^\d+$/.test(key)) return key;
  return fieldLabel(key);
}

function NestedScalar({ value }: { value: unknown }) {
  if (typeof value === 'string' && ISO_MOMENT.test(value) && parseDateTime(value)) return <DateTime value={value} />;
  return <>{scalarText(value)}</>;
}

function nameOf(value: Record<string, unknown> | unknown[]): string | undefined {
  if (Array.isArray(value)) return undefined;
  const name = displayName(value);
  return name === NO_DISPLAY_NAME ? undefined : name;
}

/**
 * A field's nested value, closed to one line (`Jane Doe · 14 fields`) until opened.
 *
 * @example
 * <NestedValue label="From User" value={order.FromUser} />
 */
export function NestedValue({ label, value }: { label: string; value: unknown }) {
  return (
    <JsonTree
      value={value}
      label={label}
      keyLabel={nestedKeyLabel}
      nameOf={nameOf}
      renderScalar={(scalar) => <NestedScalar value={scalar} />}
    />
  );
}
