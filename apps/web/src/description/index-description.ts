import { preferredMediaType, successStatusOf } from '@portal/contracts';
import { deepFreeze } from '@/lib/deep-freeze';
import {
  STANDARD_OPERATIONS,
  type ApiDescription,
  type ApiOperation,
  type ApiParameter,
  type ApiRequestBody,
  type ApiResource,
  type ApiSection,
  type StandardOperationKind,
} from './api-model';
import { dereference } from './dereference';
import { DescriptionError } from './description-error';
import {
  HTTP_METHODS,
  isJsonObject,
  isOpenApiDocument,
  type JsonObject,
  type OpenApiDocument,
  type SchemaObject,
} from './openapi-types';

/**
 * Dereferences a raw description and indexes it: the one call the render gate makes per loaded document.
 *
 * @example
 * const api = buildApiDescription(await loadDescription({ baseUrl, fetchJson }).then((r) => r.document));
 */
export function buildApiDescription(rawDocument: unknown): ApiDescription {
  if (!isOpenApiDocument(rawDocument)) {
    throw new DescriptionError('The API description is not an OpenAPI 3 document (openapi, info.version, paths).');
  }
  return indexDescription(dereference(rawDocument));
}

/**
 * Builds the immutable index of a dereferenced description: sections and resources from the tags (`x-id`,
 * `x-section-id`), operations by id with their parameters, bodies, responses and roles. The result and
 * everything in it is deeply frozen.
 *
 * Operations without an operationId are skipped (nothing could address them); a duplicate operationId
 * throws, because lookups by id would silently pick one of them.
 *
 * @example
 * const api = indexDescription(dereference(raw));
 * api.sections.map((s) => s.id); // ['AuthenticationAndAuthorization', 'MarketplaceOwners', ...]
 */
export function indexDescription(document: OpenApiDocument): ApiDescription {
  const sectionTags: { id: string; name: string; description: string }[] = [];
  const resourceTags = new Map<string, { sectionId: string | null; description: string }>();
  for (const tag of document.tags ?? []) {
    if (typeof tag.name !== 'string') continue;
    const description = text(tag.description);
    if (typeof tag['x-id'] === 'string') {
      sectionTags.push({ id: tag['x-id'], name: tag.name, description });
    } else {
      const sectionId = typeof tag['x-section-id'] === 'string' ? tag['x-section-id'] : null;
      resourceTags.set(tag.name, { sectionId, description });
    }
  }

  const operationsById: Record<string, ApiOperation> = {};
  const operationsByTag = new Map<string, ApiOperation[]>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    // Key order, not HTTP_METHODS order: the console lists operations as the document does.
    for (const [method, raw] of Object.entries(pathItem)) {
      if (!isHttpMethod(method) || !isJsonObject(raw) || typeof raw.operationId !== 'string') continue;
      if (Object.hasOwn(operationsById, raw.operationId)) {
        throw new DescriptionError(`The API description has two operations with the id "${raw.operationId}".`);
      }
      const tag = firstString(raw.tags) ?? resourcePrefix(raw.operationId);
      // Undeclared tags still make a resource, so the console can reach every operation.
      if (!resourceTags.has(tag)) resourceTags.set(tag, { sectionId: null, description: '' });
      const operation = buildOperation(document, path, pathItem, method, raw, tag);
      operationsById[operation.id] = operation;
      operationsByTag.set(tag, [...(operationsByTag.get(tag) ?? []), operation]);
    }
  }

  const resources: ApiResource[] = [];
  for (const [name, { sectionId, description }] of resourceTags) {
    const tagOperations = operationsByTag.get(name) ?? [];
    const first = tagOperations[0];
    const id = first ? resourcePrefix(first.id) : name.replace(/[^A-Za-z0-9]/g, '');
    const operations = tagOperations.map((operation) => ({ ...operation, resourceId: id }));
    for (const operation of operations) operationsById[operation.id] = operation;
    resources.push({ id, name, description, sectionId, operations, standardOperationIds: standardIds(id, operations) });
  }

  const sections: ApiSection[] = sectionTags.map((section) => ({
    ...section,
    resourceIds: resources.filter((resource) => resource.sectionId === section.id).map((resource) => resource.id),
  }));

  const schemas: Record<string, SchemaObject> = {};
  const componentSchemas = document.components?.schemas;
  if (isJsonObject(componentSchemas)) {
    for (const [name, schema] of Object.entries(componentSchemas)) if (isJsonObject(schema)) schemas[name] = schema;
  }

  return deepFreeze(
    {
      title: text(document.info.title),
      version: document.info.version,
      sections,
      resources,
      operationsById,
      resourcesById: Object.fromEntries(resources.map((resource) => [resource.id, resource])),
      resourcesByName: Object.fromEntries(resources.map((resource) => [resource.name, resource])),
      schemas,
    },
    // The schemas are the prepared description's dereferenced tree (1.7 MB of JSON for the platform): freezing them costs a
    // warm load 25-50 ms before the first render, so only development and tests, where a mutation would be caught,
    // pay it (issue 22). Everything the index itself built is frozen everywhere.
    import.meta.env.PROD ? { skipKeys: SCHEMA_KEYS } : {},
  );
}

/** Keys of the index that hold the description's schemas. */
const SCHEMA_KEYS: ReadonlySet<string> = new Set(['schema', 'schemas', 'responseSchema', 'listItemSchema']);

function buildOperation(
  document: OpenApiDocument,
  path: string,
  pathItem: JsonObject,
  method: ApiOperation['method'],
  raw: JsonObject,
  tag: string,
): ApiOperation {
  const id = String(raw.operationId);
  const parameters = mergeParameters(pathItem.parameters, raw.parameters);
  const { successStatus, responseSchema } = successResponse(raw.responses);
  return {
    id,
    resourceId: resourcePrefix(id),
    tag,
    method,
    path,
    summary: text(raw.summary),
    description: text(raw.description),
    pathParams: parameters.filter((parameter) => parameter.in === 'path'),
    queryParams: parameters.filter((parameter) => parameter.in === 'query'),
    requestBody: requestBody(raw.requestBody),
    successStatus,
    responseSchema,
    listItemSchema: listItemSchema(responseSchema),
    roles: securityRoles(raw.security ?? document.security),
  };
}

/** Operation-level parameters replace path-level ones with the same name and location (OpenAPI rule). */
function mergeParameters(pathLevel: unknown, operationLevel: unknown): ApiParameter[] {
  const byKey = new Map<string, ApiParameter>();
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      if (!isJsonObject(raw) || typeof raw.name !== 'string' || typeof raw.in !== 'string') continue;
      byKey.set(`${raw.in}:${raw.name}`, {
        name: raw.name,
        in: raw.in,
        // Path parameters are always required, whatever the document says.
        required: raw.in === 'path' || raw.required === true,
        description: text(raw.description),
        schema: isJsonObject(raw.schema) ? raw.schema : {},
      });
    }
  }
  return [...byKey.values()];
}

function requestBody(raw: unknown): ApiRequestBody | null {
  if (!isJsonObject(raw)) return null;
  const schema = jsonSchema(raw.content);
  if (!schema) return null;
  const requiredFields = Array.isArray(schema.required)
    ? schema.required.filter((field): field is string => typeof field === 'string')
    : [];
  return { schema, requiredFields, bodyRequired: raw.required === true };
}

/** The response the portal shows (the shared rule: lowest 2xx, else `2XX`, else `default`) and its schema. */
function successResponse(responses: unknown): { successStatus: string | null; responseSchema: SchemaObject | null } {
  if (!isJsonObject(responses)) return { successStatus: null, responseSchema: null };
  const status = successStatusOf(responses);
  if (status === undefined) return { successStatus: null, responseSchema: null };
  const response = responses[status];
  return { successStatus: status, responseSchema: isJsonObject(response) ? jsonSchema(response.content) : null };
}

/** The schema of a content map's preferred media type (`application/json`, else the first). */
function jsonSchema(content: unknown): SchemaObject | null {
  if (!isJsonObject(content)) return null;
  const type = preferredMediaType(content);
  const media = type === undefined ? undefined : content[type];
  return isJsonObject(media) && isJsonObject(media.schema) ? media.schema : null;
}

function listItemSchema(response: SchemaObject | null): SchemaObject | null {
  const items = response?.properties?.Items;
  if (!items || items.type !== 'array' || !response?.properties?.Meta) return null;
  return items.items ?? null;
}

/** Roles from the first security requirement: `OAuth2` by name, else its first scheme. */
function securityRoles(security: unknown): string[] {
  if (!Array.isArray(security)) return [];
  const first: unknown = security[0];
  if (!isJsonObject(first)) return [];
  const scopes = first.OAuth2 ?? Object.values(first)[0];
  return Array.isArray(scopes) ? scopes.filter((role): role is string => typeof role === 'string') : [];
}

function standardIds(resourceId: string, operations: readonly ApiOperation[]) {
  const ids: Partial<Record<StandardOperationKind, string>> = {};
  for (const [kind, method] of Object.entries(STANDARD_OPERATIONS) as [StandardOperationKind, string][]) {
    const id = `${resourceId}.${method}`;
    if (operations.some((operation) => operation.id === id)) ids[kind] = id;
  }
  return ids;
}

function isHttpMethod(key: string): key is ApiOperation['method'] {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

function resourcePrefix(operationId: string): string {
  const dot = operationId.indexOf('.');
  return dot === -1 ? operationId : operationId.slice(0, dot);
}

function firstString(value: unknown): string | undefined {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
