import type { ChangedField } from '@portal/contracts';
import type { Item } from '../engine/item.ts';

/**
 * Field names whose values are never written to the change history (passwords, client secrets, shared and hash
 * keys, and anything else named like a credential): only that they changed is recorded.
 */
const SECRET_NAME = /(password|secret|sharedkey|hashkey|apikey|accesskey|privatekey|connectionstring)$/i;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values (key order ignored, as JSONB ignores it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameJson(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/**
 * The changed fields from `before` to `after` (either may be missing: a create or a delete). Nested objects (xp,
 * addresses) are compared per leaf path (`xp.Color`); arrays are whole values. A field named like a secret is
 * `{Path, Secret: true}` with no values, whatever its depth. A missing field and a null one count as the same.
 */
export function diffItems(before: Item | undefined, after: Item | undefined): ChangedField[] {
  const changes: ChangedField[] = [];
  walk(before ?? {}, after ?? {}, '', changes);
  return changes;
}

function walk(before: Record<string, unknown>, after: Record<string, unknown>, prefix: string, out: ChangedField[]) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const old = before[key] ?? null;
    const next = after[key] ?? null;
    if (sameJson(old, next)) continue;
    if (isSecretName(key)) out.push({ Path: path, Secret: true });
    else if (isPlainObject(old) && isPlainObject(next)) walk(old, next, path, out);
    else if ((isPlainObject(old) && next === null) || (old === null && isPlainObject(next))) {
      // An object appearing or going away: each of its leaves changes from or to nothing (an empty one as a whole).
      const count = out.length;
      walk(isPlainObject(old) ? old : {}, isPlainObject(next) ? next : {}, path, out);
      if (out.length === count) out.push({ Path: path, Old: old, New: next });
    } else out.push({ Path: path, Old: old, New: next });
  }
}

/** An object without its secret fields, at any depth: a deleted object's last state as the history keeps it. */
export function withoutSecrets(item: Item): Item {
  const kept: Item = {};
  for (const [key, value] of Object.entries(item)) {
    if (isSecretName(key)) continue;
    kept[key] = isPlainObject(value) ? withoutSecrets(value) : value;
  }
  return kept;
}
