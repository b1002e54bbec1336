import { defaultSearchable, defaultSortable } from '../engine/pg-sql.ts';
import type { PlatformOperation } from '../engine/operations.ts';
import { tagName, type Registry, type ResourceDefinition } from '../resources/types.ts';
import type {
  HttpMethod,
  OperationObject,
  ParameterObject,
  PathItemObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from './openapi-types.ts';
import { fieldSchema, listPageSchema } from './schemas.ts';

const CONFLICT_NOTE =
  'If ID is provided and an object with that ID already exists, a 409 (conflict) error is returned.';

/** Prose for the standard operations; extra operations bring their own. */
const STANDARD_DESCRIPTIONS: Partial<Record<PlatformOperation['kind'], string>> = {
  Create: CONFLICT_NOTE,
  Save: 'Creates the object when none has this ID, otherwise replaces it entirely.',
  Patch: 'Changes only the fields sent; xp is merged rather than replaced.',
  SaveAssignment: 'Saving an assignment that already exists changes nothing.',
};

/** `buyerID` -> "ID of the buyer.", using the noun of the resource whose id it is when there is one. */
function pathParamDescriptions(registry: Registry): (name: string) => string {
  const nouns = new Map<string, string>();
  for (const resource of registry.resources) {
    if (resource.idParam && !nouns.has(resource.idParam)) nouns.set(resource.idParam, resource.noun.singular);
  }
  return (name) => {
    const noun =
      nouns.get(name) ??
      name
        .replace(/ID$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase();
    return `ID of the ${noun || 'object'}.`;
  };
}

/**
 * The resource whose search and sort rules apply to a list: the operation's own when it lists its
 * model, else the resource that stores the listed model (`Products.ListSpecs` lists specs).
 */
function listRules(registry: Registry, operation: PlatformOperation): { searchable: string[]; sortable: string[] } {
  const model = operation.list;
  if (!model) return { searchable: [], sortable: [] };
  const stored =
    operation.resource.model === model
      ? operation.resource
      : registry.resources.find((resource) => resource.model.name === model.name);
  // A model no resource stores gets the default rules, applied to its own fields.
  const owner: ResourceDefinition = stored ?? {
    ...operation.resource,
    model,
    searchable: undefined,
    sortable: undefined,
  };
  const searchable = owner.searchable ?? defaultSearchable(owner);
  if (!stored && searchable.length === 0) {
    // A model with neither ID nor Name (CC listener assignments) is searched and sorted on its text fields.
    const texts = Object.entries(model.fields)
      .filter(([, field]) => field.type === 'string')
      .map(([name]) => name);
    return { searchable: texts, sortable: texts };
  }
  return {
    searchable: [...searchable],
    sortable: [...(owner.sortable ?? defaultSortable(owner))],
  };
}

const stringEnumArray = (values: readonly string[]): SchemaObject => ({
  type: 'array',
  items: { type: 'string', enum: [...values] },
});

function listParameters(registry: Registry, operation: PlatformOperation): ParameterObject[] {
  const { searchable, sortable } = listRules(registry, operation);
  const query = (name: string, description: string, schema: SchemaObject): ParameterObject => ({
    name,
    in: 'query',
    description,
    required: false,
    schema,
  });
  return [
    query('search', 'Word or phrase to search for.', { type: 'string' }),
    query('searchOn', 'Comma-delimited list of fields to search on.', stringEnumArray(searchable)),
    query(
      'sortBy',
      'Comma-delimited list of fields to sort by; a leading ! sorts that field in descending order.',
      stringEnumArray([...sortable, ...sortable.map((field) => `!${field}`)]),
    ),
    query('page', 'Page of results to return, starting at 1. Default: 1.', { type: 'integer', format: 'int32' }),
    query('pageSize', 'Number of results to return per page. Default: 20, max: 100.', {
      type: 'integer',
      format: 'int32',
    }),
    query(
      'filters',
      "Key/value pairs to filter by, sent as plain query keys. Keys are properties of the returned model, dotted paths into nested objects, or 'xp.???'.",
      { type: 'object' },
    ),
  ];
}

function parameters(registry: Registry, operation: PlatformOperation, describe: (name: string) => string) {
  const result: ParameterObject[] = operation.pathParams.map((name) => ({
    name,
    in: 'path',
    description: describe(name),
    required: true,
    schema: { type: 'string' },
  }));
  for (const param of operation.query) {
    result.push({
      name: param.name,
      in: 'query',
      ...(param.description ? { description: param.description } : {}),
      required: param.required ?? false,
      schema: fieldSchema(param.schema, 'bare'),
    });
  }
  if (operation.list) {
    const taken = new Set(result.map((param) => param.name));
    result.push(...listParameters(registry, operation).filter((param) => !taken.has(param.name)));
  }
  return result;
}

function requestBody(operation: PlatformOperation): RequestBodyObject | undefined {
  const body = operation.body;
  if (!body) return undefined;
  const schema: SchemaObject = body.schema.modelRef
    ? { allOf: [fieldSchema(body.schema, 'bare')] }
    : fieldSchema(body.schema, 'bare');
  // OpenAPI 3.0 forbids an empty `required` list, so a PATCH body simply has none.
  if (body.required.length > 0) schema.required = [...body.required];
  return { required: true, content: { 'application/json': { schema } } };
}

function responseSchema(operation: PlatformOperation): SchemaObject | undefined {
  if (operation.list) return listPageSchema(operation.list.name);
  const schema = operation.response.schema;
  if (!schema) return undefined;
  // The engine answers assignment lists with a paged `{Items, Meta}`, though the table types them as arrays.
  if (operation.kind === 'ListAssignments' && schema.type === 'array' && schema.items?.modelRef) {
    return listPageSchema(schema.items.modelRef);
  }
  return fieldSchema(schema, 'bare');
}

function responses(operation: PlatformOperation): Record<string, ResponseObject> {
  const { status } = operation.response;
  const schema = status === 204 ? undefined : responseSchema(operation);
  const description = operation.kind === 'Create' ? CONFLICT_NOTE : status === 204 ? 'No content.' : 'Success.';
  return {
    [String(status)]: { description, ...(schema ? { content: { 'application/json': { schema } } } : {}) },
  };
}

function operationObject(
  registry: Registry,
  operation: PlatformOperation,
  describe: (name: string) => string,
): OperationObject {
  const params = parameters(registry, operation, describe);
  const body = requestBody(operation);
  return {
    operationId: operation.id,
    tags: [tagName(operation.tagOwner)],
    summary: operation.summary,
    description: operation.description ?? STANDARD_DESCRIPTIONS[operation.kind] ?? '',
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(operation),
    // FullAccess satisfies every protected operation and clients expect it first; none at all means any token.
    security: [{ OAuth2: operation.roles.length > 0 ? ['FullAccess', ...operation.roles] : [] }],
  };
}

/** The `paths` object: one path item per path, one lower-case method entry per operation. */
export function buildPaths(
  registry: Registry,
  operations: readonly PlatformOperation[],
): Record<string, PathItemObject> {
  const describe = pathParamDescriptions(registry);
  const paths: Record<string, PathItemObject> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase() as HttpMethod] = operationObject(registry, operation, describe);
  }
  return paths;
}
