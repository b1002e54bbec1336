import type { FieldSchema, ModelDefinition } from '../resources/fields.ts';
import type { ApiRole } from '../resources/roles.ts';
import {
  STANDARD_OPERATIONS,
  standardOperationName,
  type AssignmentDefinition,
  type OperationContext,
  type OperationDefinition,
  type QueryParamDefinition,
  type Registry,
  type ResourceDefinition,
  type StandardOperation,
} from '../resources/types.ts';
import { deleteAssignment, listAssignments, saveAssignment } from './assignment-ops.ts';
import { createItem, deleteItem, getItem, listItems, patchItem, saveItem } from './crud.ts';
import { pathParams } from './ids.ts';

export type OperationKind = StandardOperation | 'ListAssignments' | 'SaveAssignment' | 'DeleteAssignment' | 'Extra';

/**
 * One operation of the platform API, derived from the registry. The router and the description
 * are both built from this table, so they can never disagree.
 */
export interface PlatformOperation {
  /** `Resource.Method`. */
  id: string;
  kind: OperationKind;
  /** The resource whose handlers and model the operation uses. */
  resource: ResourceDefinition;
  /** The resource whose tag the operation is published under. */
  tagOwner: ResourceDefinition;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/v1` with `{param}` segments. */
  path: string;
  pathParams: string[];
  /** Roles that allow the call besides FullAccess; empty = any valid token. */
  roles: readonly ApiRole[];
  summary: string;
  description?: string;
  /** Model of the items when the operation is a list (list parameters, `{Items, Meta}` answer). */
  list?: ModelDefinition;
  query: readonly QueryParamDefinition[];
  body?: { schema: FieldSchema; required: readonly string[] };
  response: { status: 200 | 201 | 204; schema?: FieldSchema };
  assignment?: AssignmentDefinition;
  handler(context: OperationContext): Promise<unknown>;
  /** Callable without a token; see `OperationDefinition.anonymous`. */
  anonymous?: OperationDefinition['anonymous'];
}

/** "a" or "an" before a noun, for summaries. */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

const STANDARD: Record<
  StandardOperation,
  {
    method: PlatformOperation['method'];
    onItem: boolean;
    write: boolean;
    status: 200 | 201 | 204;
    summary: (noun: string) => string;
  }
> = {
  List: { method: 'GET', onItem: false, write: false, status: 200, summary: (n) => `Get a list of ${n}.` },
  Create: { method: 'POST', onItem: false, write: true, status: 201, summary: (n) => `Create a new ${n}.` },
  Get: { method: 'GET', onItem: true, write: false, status: 200, summary: (n) => `Get a single ${n}.` },
  Save: {
    method: 'PUT',
    onItem: true,
    write: true,
    status: 200,
    summary: (n) => `Create or update ${withArticle(n)}.`,
  },
  Delete: { method: 'DELETE', onItem: true, write: true, status: 204, summary: (n) => `Delete ${withArticle(n)}.` },
  Patch: {
    method: 'PATCH',
    onItem: true,
    write: true,
    status: 200,
    summary: (n) => `Partially update ${withArticle(n)}.`,
  },
};

const HANDLERS: Record<StandardOperation, (context: OperationContext) => Promise<unknown>> = {
  List: listItems,
  Create: createItem,
  Get: getItem,
  Save: saveItem,
  Delete: deleteItem,
  Patch: patchItem,
};

function standardOperations(registry: Registry, resource: ResourceDefinition): PlatformOperation[] {
  const tagOwner = resource.operationOwner ? registry.resource(resource.operationOwner) : resource;
  const operations = resource.operations ?? STANDARD_OPERATIONS;
  return STANDARD_OPERATIONS.filter((operation) => operations.includes(operation)).map((operation) => {
    const spec = STANDARD[operation];
    if (resource.singleton && operation === 'List')
      throw new Error(`${resource.name} is a singleton and cannot be listed`);
    const onItem = spec.onItem && !resource.singleton;
    const path = onItem ? `${resource.path}/{${resource.idParam}}` : resource.path;
    const modelSchema: FieldSchema = { type: 'object', modelRef: resource.model.name };
    const withBody = operation === 'Create' || operation === 'Save' || operation === 'Patch';
    return {
      id: `${tagOwner.name}.${standardOperationName(resource, operation)}`,
      kind: operation,
      resource,
      tagOwner,
      method: resource.singleton && operation === 'Create' ? 'POST' : spec.method,
      path,
      pathParams: pathParams(path),
      roles: spec.write ? resource.roles.write : resource.roles.read,
      summary: spec.summary(operation === 'List' ? resource.noun.plural : resource.noun.singular),
      ...(operation === 'List' ? { list: resource.model } : {}),
      query: operation === 'List' ? (resource.listQuery ?? []) : [],
      ...(withBody
        ? { body: { schema: modelSchema, required: operation === 'Patch' ? [] : resource.requiredOnCreate } }
        : {}),
      response: {
        status: spec.status,
        ...(spec.status === 204 || operation === 'List' ? {} : { schema: modelSchema }),
      },
      handler: HANDLERS[operation],
    };
  });
}

function assignmentOperations(
  registry: Registry,
  resource: ResourceDefinition,
  assignment: AssignmentDefinition,
): PlatformOperation[] {
  const tagOwner = resource.operationOwner ? registry.resource(resource.operationOwner) : resource;
  const names = { list: 'ListAssignments', save: 'SaveAssignment', delete: 'DeleteAssignment', ...assignment.names };
  const listQuery: QueryParamDefinition[] = Object.keys(assignment.listFilters).map((name) => ({
    name,
    schema: assignment.model.fields[assignment.listFilters[name] as string] ?? { type: 'string' },
  }));
  const hasParty = 'UserID' in assignment.model.fields || 'UserGroupID' in assignment.model.fields;
  if (hasParty) listQuery.push({ name: 'level', schema: { type: 'string', enumRef: 'PartyType' } });
  if (assignment.commerceRole)
    listQuery.push({ name: 'commerceRole', schema: { type: 'string', enumRef: 'CommerceRole' } });
  listQuery.push(
    { name: 'page', schema: { type: 'integer', minimum: 1 } },
    { name: 'pageSize', schema: { type: 'integer', minimum: 1, maximum: 100 } },
  );
  const deleteQuery = Object.entries(assignment.deleteQuery ?? {}).map(([name, field]) => ({
    name,
    schema: assignment.model.fields[field] ?? { type: 'string' },
  }));
  const common = { resource, tagOwner, assignment };
  return [
    {
      ...common,
      id: `${tagOwner.name}.${names.list}`,
      kind: 'ListAssignments',
      method: 'GET',
      path: assignment.path,
      pathParams: pathParams(assignment.path),
      roles: assignment.roles.read,
      summary: `Get a list of ${assignment.noun}s.`,
      query: listQuery,
      response: { status: 200, schema: { type: 'array', items: { type: 'object', modelRef: assignment.model.name } } },
      handler: (context) => listAssignments(context, assignment),
    },
    {
      ...common,
      id: `${tagOwner.name}.${names.save}`,
      kind: 'SaveAssignment',
      method: 'POST',
      path: assignment.path,
      pathParams: pathParams(assignment.path),
      roles: assignment.roles.write,
      summary: `Create or update ${withArticle(assignment.noun)}.`,
      query: [],
      body: { schema: { type: 'object', modelRef: assignment.model.name }, required: assignment.requiredOnCreate },
      response: { status: 204 },
      handler: (context) => saveAssignment(context, assignment),
    },
    {
      ...common,
      id: `${tagOwner.name}.${names.delete}`,
      kind: 'DeleteAssignment',
      method: 'DELETE',
      path: assignment.deletePath,
      pathParams: pathParams(assignment.deletePath),
      roles: assignment.roles.write,
      summary: `Delete ${withArticle(assignment.noun)}.`,
      query: deleteQuery,
      response: { status: 204 },
      handler: (context) => deleteAssignment(context, assignment),
    },
  ];
}

/** Every operation of the registry, in declaration order. Checked for duplicate ids and routes. */
export function buildOperations(registry: Registry): PlatformOperation[] {
  const operations: PlatformOperation[] = [];
  for (const resource of registry.resources) {
    operations.push(...standardOperations(registry, resource));
    for (const assignment of resource.assignments ?? [])
      operations.push(...assignmentOperations(registry, resource, assignment));
    const tagOwner = resource.operationOwner ? registry.resource(resource.operationOwner) : resource;
    for (const extra of resource.extraOperations ?? []) {
      operations.push({
        id: `${tagOwner.name}.${extra.name}`,
        kind: 'Extra',
        resource,
        tagOwner,
        method: extra.method,
        path: extra.path,
        pathParams: pathParams(extra.path),
        roles: extra.roles,
        summary: extra.summary,
        ...(extra.description ? { description: extra.description } : {}),
        ...(extra.listOf ? { list: extra.listOf } : {}),
        query: extra.query ?? [],
        ...(extra.body ? { body: { schema: extra.body.schema, required: extra.body.required ?? [] } } : {}),
        response: extra.response,
        handler: extra.handler,
        ...(extra.anonymous ? { anonymous: extra.anonymous } : {}),
      });
    }
  }
  const ids = new Set<string>();
  const routes = new Set<string>();
  for (const operation of operations) {
    const route = `${operation.method} ${operation.path.replace(/\{[^}]+\}/g, '{}').toLowerCase()}`;
    if (ids.has(operation.id)) throw new Error(`Duplicate operationId ${operation.id}`);
    if (routes.has(route)) throw new Error(`Duplicate route ${route} (${operation.id})`);
    ids.add(operation.id);
    routes.add(route);
  }
  return operations;
}
