// The slice of OpenAPI 3.0 the portal reads. Loose on purpose: a remote compatible platform may add keys we
// never look at, and every key we do read is checked where it is read rather than trusted from the wire.

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object, as found at most places in an OpenAPI document. */
export type JsonObject = { [key: string]: unknown };

/**
 * A schema after dereferencing: no `$ref`, no `allOf` (merged), `required` kept where the document put it.
 * Unknown keys stay, so a form engine can read `x-` extensions or keywords this type does not name.
 */
export interface SchemaObject {
  type?: string;
  format?: string;
  description?: string;
  properties?: Readonly<Record<string, SchemaObject>>;
  items?: SchemaObject;
  required?: readonly string[];
  enum?: readonly JsonValue[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  nullable?: boolean;
  example?: JsonValue;
  default?: JsonValue;
  additionalProperties?: boolean | SchemaObject;
  /** Name of the component schema this one came from (`User` for `#/components/schemas/User`). */
  'x-schema-name'?: string;
  /** Set instead of the schema where a reference pointed back into itself (see `dereference`). */
  'x-circular-ref'?: string;
  [key: string]: unknown;
}

/** An OpenAPI operation parameter (path, query, header or cookie). */
export interface ParameterObject {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  schema?: SchemaObject;
  [key: string]: unknown;
}

/** The document as served by `GET {CoreApiUrl}/v1/openapi/v3`, before or after dereferencing. */
export interface OpenApiDocument {
  openapi: string;
  info: { title?: string; version: string; description?: string; [key: string]: unknown };
  servers?: readonly { url: string; description?: string }[];
  tags?: readonly JsonObject[];
  paths: Readonly<Record<string, JsonObject>>;
  components?: JsonObject;
  security?: readonly JsonObject[];
  [key: string]: unknown;
}

/** The HTTP methods an OpenAPI path item may hold, in the case OpenAPI writes them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** True for a plain (non-array, non-null) object. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The description's version has four dot-separated numbers, e.g. `1.0.445.36017` (spec 1 §9). */
export function isDescriptionVersion(value: unknown): value is string {
  return typeof value === 'string' && /^\d+\.\d+\.\d+\.\d+$/.test(value);
}

/**
 * Checks the few top-level keys the portal relies on, so a broken or foreign document fails here with a
 * message instead of deep inside the index.
 */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return (
    isJsonObject(value) &&
    typeof value.openapi === 'string' &&
    value.openapi.startsWith('3.') &&
    isJsonObject(value.info) &&
    typeof value.info.version === 'string' &&
    isJsonObject(value.paths)
  );
}
