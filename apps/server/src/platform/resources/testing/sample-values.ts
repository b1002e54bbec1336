import { randomBytes } from 'node:crypto';
import type { FieldSchema, ModelDefinition } from '../fields.ts';
import type { Registry } from '../types.ts';

/** The types the sample modules share, and sample values of single fields (see sample-bodies.ts). */

export type Item = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends one request with full rights; the factory only needs the status and the JSON answer. */
export type Send = (method: Method, url: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/** The value of every sampled date (dates are normalised to this ISO form when stored). */
export const SAMPLE_DATE = '2030-01-02T03:04:05.000Z';

let counter = 0;

/** An ID that no other call returns (in this process or a parallel one) and that the ID rule accepts. */
export function sampleId(prefix = 's'): string {
  counter += 1;
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 's';
  return `${safe}-${counter}-${randomBytes(3).toString('hex')}`;
}

/** A valid value for one field: text 'Sample' (cut to maxLength), 1, 1.5, true, the first enum value, a date. */
export function sampleValue(registry: Registry, field: FieldSchema, depth = 0): unknown {
  if (field.enumRef) return registry.enums[field.enumRef]?.[0] ?? null;
  switch (field.type) {
    case 'string':
      if (field.format === 'date-time') return SAMPLE_DATE;
      if (field.format === 'email') return 'sample@example.com';
      return 'Sample'.slice(0, field.maxLength);
    case 'integer':
      return Math.min(Math.max(1, field.minimum ?? 1), field.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'number':
      return Math.min(Math.max(1.5, field.minimum ?? 1.5), field.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return field.items ? [sampleValue(registry, field.items, depth + 1)] : [];
    case 'object':
      return field.modelRef ? sampleNested(registry, registry.model(field.modelRef), depth + 1) : {};
    default:
      return null;
  }
}

/** A nested model (a required DeliveryTargets, say) has no required list of its own: fill every writable field. */
function sampleNested(registry: Registry, model: ModelDefinition, depth: number): Item {
  // Nested models may refer to each other; a few levels show the shape without looping.
  if (depth > 4) return {};
  const nested: Item = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.readOnly || field.writeOnly || name === 'xp') continue;
    nested[name] = sampleValue(registry, field, depth);
  }
  return nested;
}

export interface Created {
  /** The object as the call that made it answered it. */
  item: Item;
  /** The body that made it. */
  body: Item;
  /** Path parameters of its collection (parents and scopes). */
  params: Record<string, string>;
  /** URL of the object under `/v1` (of its collection, for objects without an address of their own). */
  url: string;
}
