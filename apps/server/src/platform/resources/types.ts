// The types resources are declared with, and the contexts the engine hands their hooks and handlers.
// The two refer to each other (a context names its resource and the registry, a hook takes a context),
// so they live in one module rather than importing each other.
import type { FieldSchema, ModelDefinition } from './fields.ts';
import type { ApiRole } from './roles.ts';
import type { Db } from '../../db/database.ts';
import type { TokenIssuer } from '../auth/tokens.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { Item } from '../engine/item.ts';
import type { Match, Store } from '../engine/store.ts';

/** Sections of the description, in sidebar order (spec 1 §2), plus Me and My Stuff. */
export const SECTIONS = [
  { id: 'AuthenticationAndAuthorization', name: 'Authentication and Authorization' },
  { id: 'MarketplaceOwners', name: 'Marketplace Owners' },
  { id: 'BuyersAndSuppliers', name: 'Buyers and Suppliers' },
  { id: 'ProductsAndCatalogs', name: 'Products And Catalogs' },
  { id: 'OrdersAndFulfillment', name: 'Orders And Fulfillment' },
  { id: 'Integrations', name: 'Integrations' },
  { id: 'Configurations', name: 'Configurations' },
  { id: 'MeAndMyStuff', name: 'Me and My Stuff' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

export type StandardOperation = 'List' | 'Get' | 'Create' | 'Save' | 'Patch' | 'Delete';
export const STANDARD_OPERATIONS: readonly StandardOperation[] = ['List', 'Create', 'Get', 'Save', 'Delete', 'Patch'];

export interface RoleSet {
  /** Roles that may read (FullAccess is always implied). */
  read: readonly ApiRole[];
  /** Roles that may write (FullAccess is always implied). */
  write: readonly ApiRole[];
}

export interface QueryParamDefinition {
  name: string;
  schema: FieldSchema;
  required?: boolean;
  description?: string;
}

/** Where an assignment or body field points: the resource and how to find its parent ids. */
export interface Reference {
  resource: string;
  /** For nested resources: where each parent id comes from, as a body field or path parameter name. */
  parentFrom?: readonly string[];
}

/** A non-standard operation: an action (submit), a sub-list (specs of a product), Me calls. */
export interface OperationDefinition {
  /** Method part of the operationId: `Submit` gives `Orders.Submit`. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/v1`, with `{param}` segments. */
  path: string;
  /** Roles that allow the call (FullAccess implied); empty means any valid token. */
  roles: readonly ApiRole[];
  summary: string;
  description?: string;
  /** Accepts the list parameters (search, searchOn, sortBy, page, pageSize, filters). */
  listOf?: ModelDefinition;
  query?: readonly QueryParamDefinition[];
  body?: { schema: FieldSchema; required?: readonly string[] };
  /** Success status and, unless `listOf` is set, the response schema. */
  response: { status: 200 | 201 | 204; schema?: FieldSchema };
  /** Called by the generic router after authentication, role check and validation. */
  handler(context: OperationContext): Promise<unknown>;
  /**
   * Set on the few calls made without a token (a forgotten password, the signing keys): the router
   * skips authentication and this names the caller instead, e.g. from the ClientID of the body.
   */
  anonymous?(request: AnonymousRequest): Promise<AuthContext>;
}

/** What an anonymous operation may look at to decide which marketplace the call is about. */
export interface AnonymousRequest {
  db: Db;
  body: unknown;
  params: Readonly<Record<string, string>>;
}

export interface AssignmentDefinition {
  /** Storage kind and model, e.g. `ProductAssignment`. */
  model: ModelDefinition;
  requiredOnCreate: readonly string[];
  /** Operation method names; defaults ListAssignments / SaveAssignment / DeleteAssignment. */
  names?: { list?: string; save?: string; delete?: string };
  /** GET (list) and POST (save) path. */
  path: string;
  /** DELETE path; its parameters map to fields through `deleteParams`. */
  deletePath: string;
  deleteParams: Readonly<Record<string, string>>;
  /** Optional DELETE query parameters mapped to fields. */
  deleteQuery?: Readonly<Record<string, string>>;
  /** List query parameters mapped to fields (`level` is understood by the engine). */
  listFilters: Readonly<Record<string, string>>;
  /** Fields that identify one assignment; saving with the same key replaces it. */
  key: readonly string[];
  roles: RoleSet;
  /** Fields that must name an existing object. */
  references: Readonly<Record<string, Reference>>;
  /** Whether assignments may target a user or a group (at most one of them). */
  parties?: { user?: boolean; group?: boolean };
  /** Whether the list takes `commerceRole` (Buyer, Seller, Supplier): whose users the assignment reaches. */
  commerceRole?: boolean;
  /** Noun for summaries, e.g. "product assignment". */
  noun: string;
  /** Storage kind when two resources share the model (buyer and supplier group memberships); defaults to the model name. */
  kind?: string;
  hooks?: {
    /** Business rules checked before an assignment is saved (inside its transaction). */
    beforeSave?(item: Record<string, unknown>, context: OperationContext): Promise<void>;
    /** Fills computed read-only fields of an assignment on the way out. */
    present?(item: Record<string, unknown>, context: OperationContext): Promise<Record<string, unknown>>;
  };
}

/** Where assignments of this definition are stored. */
export function assignmentKind(assignment: AssignmentDefinition): string {
  return assignment.kind ?? assignment.model.name;
}

export interface ResourceHooks {
  /** Before a create, replace or patch is stored, inside its transaction: check rules, fill derived fields. */
  beforeWrite?(context: WriteContext): Promise<void>;
  /** After the write, in the same transaction (e.g. keep a parent's counter up to date). */
  afterWrite?(context: WriteContext): Promise<void>;
  /** Before a delete, inside its transaction: refuse it or delete dependants. */
  beforeDelete?(context: DeleteContext): Promise<void>;
  /**
   * Whether the caller may see this item (orders of another buyer are invisible to a buyer user);
   * an invisible item answers 404 to get, replace, patch and delete.
   */
  visible?(item: Record<string, unknown>, context: OperationContext): boolean;
  /** Extra conditions on a list call, from resource-specific parameters (e.g. categories' `depth`). */
  listScope?(context: OperationContext): Promise<Match | undefined>;
  /** Fills computed read-only fields of an item on the way out. */
  present?(item: Record<string, unknown>, context: PresentContext): Promise<Record<string, unknown>>;
  /**
   * The same for a whole list page at once, when `present` would cost queries per item; lists
   * call this instead of `present` when both exist.
   */
  presentPage?(items: Record<string, unknown>[], context: PresentContext): Promise<Record<string, unknown>[]>;
}

export interface ResourceDefinition {
  /** Operation prefix and storage name, e.g. `Products`. */
  name: string;
  /** Tag name shown to people; defaults to the spaced name (`Price Schedules`). */
  tag?: string;
  section: SectionId;
  description: string;
  noun: { singular: string; plural: string };
  /** Base path under `/v1`, with parent parameters, e.g. `/buyers/{buyerID}/users`. */
  path: string;
  /** Name of the id path parameter, e.g. `userID`; absent for singletons. */
  idParam?: string;
  model: ModelDefinition;
  requiredOnCreate: readonly string[];
  roles: RoleSet;
  /** Standard operations offered; defaults to all six. */
  operations?: readonly StandardOperation[];
  /** Fields `searchOn` accepts and plain `search` looks in (default: ID and Name when present). */
  searchable?: readonly string[];
  /** Fields `sortBy` accepts (default: searchable plus dates). */
  sortable?: readonly string[];
  /** Extra list parameters, handled by hooks (e.g. `depth` on categories). */
  listQuery?: readonly QueryParamDefinition[];
  /** Body fields that must name existing objects. */
  references?: Readonly<Record<string, Reference>>;
  assignments?: readonly AssignmentDefinition[];
  extraOperations?: readonly OperationDefinition[];
  hooks?: ResourceHooks;
  /**
   * Path parameters that select a view rather than a parent (orders' `{direction}`): not part of
   * the storage key; hooks read them from `context.params`.
   */
  scopeParams?: readonly string[];
  /** One object per marketplace at `path` (GET/PUT/PATCH/DELETE without an id). */
  singleton?: boolean;
  /**
   * For a sub-resource published as operations of another resource (spec options are
   * `Specs.ListOptions`, `Specs.CreateOption`, ...): the owning resource's name, whose tag it shares.
   */
  operationOwner?: string;
  /** Method names replacing the standard ones when `operationOwner` is set. */
  operationNames?: Partial<Readonly<Record<StandardOperation, string>>>;
  /** Makes the ID of an object created without one; default: a 22-character URL-safe id (engine/ids.ts). */
  newId?: () => string;
}

/** The operationId method name of a standard operation of `resource`. */
export function standardOperationName(resource: ResourceDefinition, operation: StandardOperation): string {
  return resource.operationNames?.[operation] ?? operation;
}

/** The spaced tag name of a resource: `PriceSchedules` -> `Price Schedules`. */
export function tagName(resource: ResourceDefinition): string {
  return resource.tag ?? resource.name.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** The resolved registry: every resource, model and enum, checked once at start-up (see registry.ts). */
export interface Registry {
  readonly resources: readonly ResourceDefinition[];
  readonly models: ReadonlyMap<string, ModelDefinition>;
  readonly enums: Readonly<Record<string, readonly string[]>>;
  resource(name: string): ResourceDefinition;
  model(name: string): ModelDefinition;
  /**
   * The field at a dotted path of a model (`BillingAddress.City`), `'dynamic'` inside xp or a
   * free-form object, undefined when the model has no such field.
   */
  fieldAt(model: ModelDefinition, path: readonly string[]): FieldSchema | 'dynamic' | undefined;
}

/** Process-wide services some operations need (impersonation mints tokens). */
export interface PlatformServices {
  issuer: TokenIssuer;
  /** The marketplace's environment (Sandbox, Staging, Production...), named in integration payloads. */
  environmentOf?(marketplaceId: string): Promise<string>;
  /**
   * Runs after an operation succeeded (the first product list call starts the first search index
   * build; post-hook webhooks fire), given the call that succeeded.
   */
  afterOperation?(operationId: string, marketplaceId: string, call?: CompletedCall): Promise<void>;
}

/** A call that just succeeded, as post-hook webhooks describe it. */
export interface CompletedCall {
  method: string;
  /** The operation's path under `/v1`, with `{param}` segments. */
  path: string;
  auth: AuthContext;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  result: unknown;
  /** The caller's bearer token; null for calls made without one. */
  token: string | null;
}

/** What the engine hands an operation's handler and a resource's hooks. */
export interface OperationContext {
  marketplaceId: string;
  auth: AuthContext;
  /** Path parameters as sent (ids are case-sensitive). */
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string | string[] | undefined>>;
  body: unknown;
  /** Storage scoped to the marketplace; inside the request's transaction for writes. */
  store: Store;
  registry: Registry;
  resource: ResourceDefinition;
  services?: PlatformServices;
}

export interface WriteContext extends OperationContext {
  mode: 'create' | 'replace' | 'patch';
  /** Parent ids from the path, outermost first. */
  parents: readonly string[];
  id: string;
  /** The stored object before the write; undefined on create. */
  previous: Item | undefined;
  /** The object about to be stored; hooks may change it. */
  next: Item;
}

export interface DeleteContext extends OperationContext {
  parents: readonly string[];
  id: string;
  previous: Item;
}

export interface PresentContext {
  store: Store;
  parents: readonly string[];
}
