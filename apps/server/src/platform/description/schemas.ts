import type { FieldSchema, ModelDefinition } from '../resources/fields.ts';
import type { Registry } from '../resources/types.ts';
import type { JsonValue, SchemaObject } from './openapi-types.ts';

/** `#/components/schemas/<name>`. */
export const schemaRef = (name: string): string => `#/components/schemas/${name}`;

const EXAMPLE_DATE = '2024-01-01T00:00:00.000Z';

function defaultFormat(field: FieldSchema): string | undefined {
  if (field.format) return field.format;
  // The public description always states the width of numbers; the SDK generators rely on it.
  if (field.type === 'integer') return 'int32';
  if (field.type === 'number') return 'float';
  return undefined;
}

function jsonDefault(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map(jsonDefault);
    return items.every((item) => item !== undefined) ? (items as JsonValue[]) : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, jsonDefault(item)]);
    return entries.every(([, item]) => item !== undefined) ? (Object.fromEntries(entries) as JsonValue) : undefined;
  }
  return undefined;
}

/** Annotations shared by every kind of property. */
function annotations(field: FieldSchema): SchemaObject {
  const defaultValue = jsonDefault(field.default);
  return {
    ...(field.readOnly ? { readOnly: true } : {}),
    ...(field.writeOnly ? { writeOnly: true } : {}),
    ...(field.description ? { description: field.description } : {}),
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  };
}

/**
 * A registry field as an OpenAPI schema. Models nested in a property are wrapped in `allOf` so that
 * `readOnly` and `description` stay meaningful (OpenAPI 3.0 ignores siblings of a bare `$ref`);
 * array items and top-level bodies use the bare `$ref`, as the public description does.
 */
export function fieldSchema(field: FieldSchema, position: 'property' | 'bare' = 'property'): SchemaObject {
  if (field.modelRef) {
    if (position === 'bare') return { $ref: schemaRef(field.modelRef) };
    return { allOf: [{ $ref: schemaRef(field.modelRef) }], ...annotations(field) };
  }
  if (field.enumRef) {
    // Enum properties keep annotations next to the `$ref`: that is what clients of the public description read.
    return { $ref: schemaRef(field.enumRef), ...(position === 'property' ? annotations(field) : {}) };
  }
  const format = defaultFormat(field);
  return {
    ...(field.type ? { type: field.type } : {}),
    ...(format ? { format } : {}),
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    ...(field.minimum !== undefined ? { minimum: field.minimum } : {}),
    ...(field.maximum !== undefined ? { maximum: field.maximum } : {}),
    ...(field.items ? { items: fieldSchema(field.items, 'bare') } : {}),
    ...annotations(field),
  };
}

/** Builds example objects, remembering each model's so that large registries stay cheap. */
class ExampleBuilder {
  private readonly done = new Map<string, JsonValue>();

  constructor(private readonly registry: Registry) {}

  model(model: ModelDefinition, visiting: ReadonlySet<string> = new Set()): JsonValue {
    const known = this.done.get(model.name);
    if (known !== undefined) return known;
    const inside = new Set([...visiting, model.name]);
    const example: Record<string, JsonValue> = {};
    for (const [name, field] of Object.entries(model.fields)) example[name] = this.field(field, inside);
    // Only complete examples are remembered; one cut short by a cycle depends on where it started.
    if (visiting.size === 0) this.done.set(model.name, example);
    return example;
  }

  field(field: FieldSchema, visiting: ReadonlySet<string>): JsonValue {
    const given = jsonDefault(field.default);
    if (given !== undefined) return given;
    if (field.modelRef) {
      // A model that contains itself (directly or not) would never end; its inner copy stays empty.
      if (visiting.has(field.modelRef)) return {};
      return this.model(this.registry.model(field.modelRef), visiting);
    }
    if (field.enumRef) return this.registry.enums[field.enumRef]?.[0] ?? '';
    switch (field.type) {
      case 'array':
        return field.items ? [this.field(field.items, visiting)] : [];
      case 'object':
        return {};
      case 'boolean':
        return false;
      case 'integer':
      case 'number':
        return field.minimum ?? 0;
      default:
        if (field.format === 'date-time') return EXAMPLE_DATE;
        if (field.format === 'email') return 'someone@example.com';
        return '';
    }
  }
}

/** Every model of the registry as an object schema with an example, and every enum as a string enum. */
export function componentSchemas(registry: Registry): Record<string, SchemaObject> {
  const examples = new ExampleBuilder(registry);
  const schemas: Record<string, SchemaObject> = {};
  for (const model of registry.models.values()) {
    const properties: Record<string, SchemaObject> = {};
    for (const [name, field] of Object.entries(model.fields)) properties[name] = fieldSchema(field);
    schemas[model.name] = {
      type: 'object',
      ...(model.description ? { description: model.description } : {}),
      example: examples.model(model),
      properties,
    };
  }
  for (const [name, values] of Object.entries(registry.enums)) schemas[name] = { type: 'string', enum: [...values] };
  schemas.Meta = metaSchema();
  return schemas;
}

function metaSchema(): SchemaObject {
  const int32: SchemaObject = { type: 'integer', format: 'int32' };
  return {
    type: 'object',
    description: 'Paging information of a list answer.',
    example: { Page: 1, PageSize: 20, TotalCount: 25, TotalPages: 2, ItemRange: [1, 20], NextPageKey: null },
    properties: {
      Page: { ...int32, description: 'Page number, starting at 1.' },
      PageSize: { ...int32, description: 'Number of items per page.' },
      TotalCount: { ...int32, description: 'Number of items matching the request, on all pages.' },
      TotalPages: int32,
      ItemRange: { type: 'array', items: int32, description: 'Numbers of the first and last item of this page.' },
      NextPageKey: { type: 'string', description: 'Key of the next page, for lists paged by key.' },
    },
  };
}

/** The inline `{Items, Meta}` answer of a list operation. */
export function listPageSchema(itemModel: string): SchemaObject {
  return {
    type: 'object',
    properties: {
      Items: { type: 'array', items: { $ref: schemaRef(itemModel) } },
      Meta: { $ref: schemaRef('Meta') },
    },
  };
}
