import type { SchemaObject } from '@/description/openapi-types';
import { inferXpSchema, xpTypeOf } from './infer-xp-schema';

// ONE ITEM AGAINST THE SCHEMA (pure)
// What the xp section warns about (spec 2 §8): values whose type differs from the inferred schema (the form would
// show them empty), and properties without a type or value (null), which no field can show.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fits(schema: SchemaObject, value: unknown): boolean {
  const type = xpTypeOf(value);
  if (!type) return true;
  if (schema.type === 'number') return type === 'number' || type === 'integer';
  return schema.type === type;
}

function collect(schema: SchemaObject, value: unknown, path: string, out: string[]): void {
  if (value === null || value === undefined) return;
  if (!fits(schema, value)) {
    out.push(path);
    return;
  }
  if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      const childSchema = schema.properties?.[key];
      if (childSchema) collect(childSchema, child, `${path}.${key}`, out);
    }
  } else if (Array.isArray(value)) {
    const items = schema.items ?? {};
    value.forEach((element: unknown, index) => {
      // Array items cannot be arrays (spec 2 §3).
      if (Array.isArray(element)) out.push(`${path}[${index}]`);
      else collect(items, element, `${path}[${index}]`, out);
    });
  }
}

/**
 * Paths of the item's xp whose values break the schema; properties the schema lacks are not counted (the
 * section adds them from the item itself).
 *
 * @example
 * nonConformingPaths({ Size: 'XL', Color: 'Red' }, { type: 'object', properties: { Size: { type: 'integer' } } });
 * // ['Size']
 */
export function nonConformingPaths(xp: unknown, schema: SchemaObject): string[] {
  if (!isRecord(xp)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(xp)) {
    const propertySchema = schema.properties?.[key];
    if (propertySchema) collect(propertySchema, value, key, out);
  }
  return out;
}

/**
 * Paths of properties with no type or value (null), which the form cannot show.
 *
 * @example
 * hiddenXpPaths({ SizeUnit: null, Care: { Wash: null, Dry: 'Line' } }); // ['SizeUnit', 'Care.Wash']
 */
export function hiddenXpPaths(xp: unknown, prefix = ''): string[] {
  if (!isRecord(xp)) return [];
  return Object.entries(xp).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value === null) return [path];
    return isRecord(value) ? hiddenXpPaths(value, path) : [];
  });
}

function mergeSchemas(base: SchemaObject, extra: SchemaObject): SchemaObject {
  if (base.type !== 'object' || extra.type !== 'object') return base;
  const properties: Record<string, SchemaObject> = { ...(base.properties ?? {}) };
  for (const [key, schema] of Object.entries(extra.properties ?? {})) {
    const known = properties[key];
    properties[key] = known ? mergeSchemas(known, schema) : schema;
  }
  return { ...base, properties };
}

/**
 * The schema the item's form uses: the resource's inferred schema, plus what the item itself holds that the schema
 * lacks (an item beyond the first 1,000, or one added since), less the properties being removed.
 */
export function itemXpSchema(inferred: SchemaObject, xp: unknown, removed: readonly string[]): SchemaObject {
  const own = inferXpSchema([{ xp }]).schema;
  const merged = mergeSchemas({ type: 'object', properties: inferred.properties ?? {} }, own);
  const properties = Object.fromEntries(
    Object.entries(merged.properties ?? {}).filter(([name]) => !removed.includes(name)),
  );
  return { type: 'object', properties };
}
