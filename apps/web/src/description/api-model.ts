import { DescriptionError } from './description-error';
import type { HttpMethod, SchemaObject } from './openapi-types';

// TYPES
// The indexed, frozen model of the API description. Built once by `indexDescription`; everything else reads it.

/** A sidebar-level group of resources: a tag with `x-id`. */
export interface ApiSection {
  /** The tag's `x-id`, e.g. `AuthenticationAndAuthorization`. */
  readonly id: string;
  /** The tag name, e.g. `Authentication and Authorization`. */
  readonly name: string;
  readonly description: string;
  /** Ids of the resources whose tag names this section in `x-section-id`, in document order. */
  readonly resourceIds: readonly string[];
}

/** The operations every resource may have, found by the `Resource.Method` operationId convention. */
export const STANDARD_OPERATIONS = {
  list: 'List',
  get: 'Get',
  create: 'Create',
  save: 'Save',
  patch: 'Patch',
  delete: 'Delete',
  listAssignments: 'ListAssignments',
  saveAssignment: 'SaveAssignment',
  deleteAssignment: 'DeleteAssignment',
} as const;
export type StandardOperationKind = keyof typeof STANDARD_OPERATIONS;

/** A resource: a tag with `x-section-id` (or any other tag that has operations). */
export interface ApiResource {
  /** The operationId prefix, e.g. `AdminUsers` for `AdminUsers.List`. */
  readonly id: string;
  /** The tag name, e.g. `Admin Users`; the sidebar and the display use it. */
  readonly name: string;
  readonly description: string;
  /** The section's `x-id`, or null for a tag outside every section. */
  readonly sectionId: string | null;
  /** The resource's operations in document order. */
  readonly operations: readonly ApiOperation[];
  /** Ids of the standard operations that exist, e.g. `{ list: 'AdminUsers.List', get: 'AdminUsers.Get' }`. */
  readonly standardOperationIds: Readonly<Partial<Record<StandardOperationKind, string>>>;
}

/** A path, query or header parameter of an operation. */
export interface ApiParameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema: SchemaObject;
}

/** The JSON request body of an operation, `allOf` already merged. */
export interface ApiRequestBody {
  readonly schema: SchemaObject;
  /** Fields the body must carry (from the request body's `required`, not the component schema). */
  readonly requiredFields: readonly string[];
  /** Whether the operation needs a body at all (`requestBody.required`). */
  readonly bodyRequired: boolean;
}

/** One operation of the API. */
export interface ApiOperation {
  /** `Resource.Method`, e.g. `AdminUsers.List`. */
  readonly id: string;
  readonly resourceId: string;
  /** The tag the operation is filed under (the resource's name). */
  readonly tag: string;
  readonly method: HttpMethod;
  /** The path as written in the description, e.g. `/buyers/{buyerID}/users`, without the `/v1` server part. */
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  /** Path parameters in path order. */
  readonly pathParams: readonly ApiParameter[];
  readonly queryParams: readonly ApiParameter[];
  readonly requestBody: ApiRequestBody | null;
  /** The success status the description lists, e.g. `200`, `201` or `204`. */
  readonly successStatus: string | null;
  readonly responseSchema: SchemaObject | null;
  /** For list answers (`{ Items, Meta }`), the schema of one item. */
  readonly listItemSchema: SchemaObject | null;
  /** Roles that may call it (`security[0].OAuth2`); empty when no role is required. */
  readonly roles: readonly string[];
}

/** The whole indexed description. Frozen: no component may change it or parse the document again. */
export interface ApiDescription {
  readonly title: string;
  /** `info.version`, four dot-separated parts. */
  readonly version: string;
  readonly sections: readonly ApiSection[];
  readonly resources: readonly ApiResource[];
  readonly operationsById: Readonly<Record<string, ApiOperation>>;
  readonly resourcesById: Readonly<Record<string, ApiResource>>;
  /** Resources by tag name (`Admin Users`), which is how the sidebar names them. */
  readonly resourcesByName: Readonly<Record<string, ApiResource>>;
  /** Dereferenced `components.schemas` by name, for enums such as `ApiRole`. */
  readonly schemas: Readonly<Record<string, SchemaObject>>;
}

// LOOKUPS
// Own-property checks, so ids such as `constructor` never reach Object.prototype.

function lookup<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The operation with this id, if the description has it.
 *
 * @example
 * getOperation(api, 'AdminUsers.List')?.roles; // ['FullAccess', 'AdminUserAdmin', 'AdminUserReader']
 */
export function getOperation(api: ApiDescription, operationId: string): ApiOperation | undefined {
  return lookup(api.operationsById, operationId);
}

/**
 * The operation with this id; throws a {@link DescriptionError} naming it when the description lacks it.
 *
 * @example
 * requireOperation(api, 'Me.Get').path; // '/me'
 */
export function requireOperation(api: ApiDescription, operationId: string): ApiOperation {
  const operation = getOperation(api, operationId);
  if (!operation) throw new DescriptionError(`The API description has no operation "${operationId}".`);
  return operation;
}

/**
 * A resource by id (`AdminUsers`) or tag name (`Admin Users`).
 *
 * @example
 * getResource(api, 'Admin Users')?.standardOperationIds.create; // 'AdminUsers.Create'
 */
export function getResource(api: ApiDescription, idOrName: string): ApiResource | undefined {
  return lookup(api.resourcesById, idOrName) ?? lookup(api.resourcesByName, idOrName);
}

/**
 * A section by its `x-id`.
 *
 * @example
 * getSection(api, 'MarketplaceOwners')?.name; // 'Marketplace Owners'
 */
export function getSection(api: ApiDescription, sectionId: string): ApiSection | undefined {
  return api.sections.find((section) => section.id === sectionId);
}

/**
 * The resources of a section, in document order.
 *
 * @example
 * resourcesOfSection(api, 'MarketplaceOwners').map((r) => r.name); // ['Admin Users', 'Admin User Groups', ...]
 */
export function resourcesOfSection(api: ApiDescription, sectionId: string): readonly ApiResource[] {
  return api.resources.filter((resource) => resource.sectionId === sectionId);
}

/**
 * One of a resource's standard operations (list, get, create, ...), when it exists.
 *
 * @example
 * standardOperation(api, getResource(api, 'Products')!, 'create')?.method; // 'post'
 */
export function standardOperation(
  api: ApiDescription,
  resource: ApiResource,
  kind: StandardOperationKind,
): ApiOperation | undefined {
  const id = resource.standardOperationIds[kind];
  return id === undefined ? undefined : getOperation(api, id);
}
