import type { SchemaObject } from '@/description/openapi-types';
import type { XpInference } from './infer-xp-schema';

// XP SCHEMA CACHE
// The inferred schema is kept in localStorage per marketplace and resource (spec 2 §3), next to the list's column
// choice, under a version: an entry written by another version may have another shape and is ignored.

export const XP_SCHEMA_VERSION = '1.0.0';

export type XpSchemaStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface CachedXpSchema {
  readonly version: string;
  readonly inference: XpInference;
}

/**
 * @example
 * xpSchemaStorageKey('demo-sandbox', 'products'); // 'admin-xp-schema:demo-sandbox:products'
 */
export function xpSchemaStorageKey(marketplaceId: string, collectionKey: string): string {
  return `admin-xp-schema:${marketplaceId}:${collectionKey}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The cached inference, or null when there is none, it is unreadable or of another version. */
export function readCachedXpSchema(storage: XpSchemaStorage | undefined, key: string): XpInference | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (!isRecord(parsed) || parsed.version !== XP_SCHEMA_VERSION) return null;
    const inference = parsed.inference;
    if (!isRecord(inference) || !isRecord(inference.schema) || !Array.isArray(inference.conflicts)) return null;
    return inference as unknown as XpInference;
  } catch {
    return null;
  }
}

/** Keeps the inference; a failed read is not kept, so the next visit tries again. */
export function writeCachedXpSchema(storage: XpSchemaStorage | undefined, key: string, inference: XpInference): void {
  if (inference.failed) return;
  const entry: CachedXpSchema = { version: XP_SCHEMA_VERSION, inference };
  try {
    storage?.setItem(key, JSON.stringify(entry));
  } catch {
    // Storage full or blocked: the schema is inferred again next time.
  }
}

export function forgetCachedXpSchema(storage: XpSchemaStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * The inference with one top-level property added (or replaced) or removed: what the xp editor's Add Property
 * and remove buttons change, so the resource's other items offer the property too.
 */
export function withSchemaProperty(inference: XpInference, name: string, schema: SchemaObject | null): XpInference {
  const properties = { ...(inference.schema.properties ?? {}) };
  if (schema) properties[name] = schema;
  else delete properties[name];
  return { ...inference, schema: { ...inference.schema, properties } };
}
