import type { JsonValue } from '@/description/openapi-types';

// PATCH DIFF
// Saving an existing item sends only what changed (spec 2 §5). Objects (xp included) are compared key by key so a
// PATCH touches only the changed leaves; arrays go whole because the platform replaces them whole, so one changed,
// added, removed or moved element sends the entire new list.

type JsonRecord = { [key: string]: JsonValue };

function isRecord(value: JsonValue | undefined): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => jsonEqual(a[key], b[key]));
  }
  return false;
}

/**
 * The fields of `current` that differ from `initial`. A key that disappeared is sent as null so PATCH clears it,
 * except a list, which is sent as []: lists are replaced whole, and the form leaves empty lists out of its body.
 *
 * @example
 * changedFields({ Name: 'A', xp: { a: 1, b: 2 } }, { Name: 'A', xp: { a: 1, b: 3 } }); // { xp: { b: 3 } }
 */
export function changedFields(initial: JsonRecord, current: JsonRecord): JsonRecord {
  const changes: JsonRecord = {};
  const keys = new Set([...Object.keys(initial), ...Object.keys(current)]);
  for (const key of keys) {
    const before = initial[key];
    const after = current[key];
    if (jsonEqual(before, after)) continue;
    // An empty list and a missing one are the same to the form, so neither counts as a change.
    if (after === undefined && Array.isArray(before) && before.length === 0) continue;
    if (after === undefined) changes[key] = Array.isArray(before) ? [] : null;
    else if (isRecord(before) && isRecord(after)) changes[key] = changedFields(before, after);
    else changes[key] = after;
  }
  return changes;
}

/** True when the form differs from the item, which is when Save is enabled (spec 2 §4). */
export function hasChanges(initial: JsonRecord, current: JsonRecord): boolean {
  return Object.keys(changedFields(initial, current)).length > 0;
}
