import { it } from 'vitest';
import type { ApiErrorEntry } from '../../engine/errors.ts';
import { useEngineApp } from '../../engine/testing/engine-app.ts';
import { platformRegistry } from '../index.ts';
import type { ApiRole } from '../roles.ts';
import { STANDARD_OPERATIONS, type ResourceDefinition, type StandardOperation } from '../types.ts';
import { SampleFactory, type Item, type Method } from './sample-bodies.ts';

/*
 * What the generic registry suites share: every resource of the platform registry is run through the
 * same cases, split by subject into registry-crud.test.ts (the standard operations and the
 * assignments) and registry-access.test.ts (tokens and roles).
 */

/**
 * Cases that cannot run generically for a resource, with the reason. Keys are case names (see
 * `CASES`), `assignment:<model>` for an assignment, or `all`. A reason starting with `BUG:` marks
 * a real defect that is waiting for a fix; remove the entry with the fix.
 */
export const SKIPS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ApiClients: {
    IdExists: 'ID is read-only: the platform always generates it, so a second create cannot ask for the same ID',
  },
  Variants: {
    Get: 'variants are created only by Products.GenerateVariants (from specs and options), not by a Create',
    List: 'variants are created only by Products.GenerateVariants, so there is no item to find',
    Filter: 'variants are created only by Products.GenerateVariants, so there is no item to filter',
    PatchXp: 'variants are created only by Products.GenerateVariants; PUT and PATCH only update one',
    Save: 'PUT updates a generated variant but cannot create one (hook answers 404)',
    RoundTrip: 'variants are created only by Products.GenerateVariants',
  },
  XpIndices: {
    List: 'xp indices are written by the extra operation XpIndices.Put and have no ID to filter on',
    Filter: 'xp indices are written by the extra operation XpIndices.Put, not by a Create',
  },
};

/** Cases that need an ID, which a singleton (one object per marketplace at its path) does not have. */
const SINGLETON_SKIPS: Readonly<Record<string, string>> = {
  IdExists: 'a singleton has no ID to clash',
  NotFound: 'a singleton has no ID to miss',
};

/** Every generic case, with the standard operation it exercises (absent: the resource does not offer it). */
export const CASES = {
  Create: 'Create',
  Get: 'Get',
  List: 'List',
  Sort: 'List',
  Filter: 'List',
  PatchXp: 'Patch',
  Save: 'Save',
  RoundTrip: 'Save',
  IdExists: 'Create',
  NotFound: 'Get',
  UnknownProperty: 'Create',
  NoToken: undefined,
  WrongRole: undefined,
  Delete: 'Delete',
} as const satisfies Record<string, StandardOperation | undefined>;
export type CaseName = keyof typeof CASES;

/** The resources the suites run: those offering at least one standard operation. */
export const registryResources = platformRegistry.resources.filter(
  (resource) => (resource.operations ?? STANDARD_OPERATIONS).length > 0,
);

export interface Reply {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** The engine app of a test file (see `useEngineApp`) with a sample factory sending through it. */
export function useRegistryApp() {
  const engine = useEngineApp(platformRegistry);
  /** One request under `/platform/v1`; `roles` null sends no caller at all. */
  const call = async (
    method: Method,
    url: string,
    body?: unknown,
    roles: string | null = 'FullAccess',
  ): Promise<Reply> => engine.call({ method, url, body, roles });
  const factory = new SampleFactory(platformRegistry, (method, url, body) => call(method, url, body));
  return { call, factory };
}

export const errors = (reply: Reply): ApiErrorEntry[] =>
  (reply.body as { Errors?: ApiErrorEntry[] } | undefined)?.Errors ?? [];
export const items = (reply: Reply): Item[] => (reply.body as { Items?: Item[] } | undefined)?.Items ?? [];
export const totalCount = (reply: Reply): number | undefined =>
  (reply.body as { Meta?: { TotalCount: number } } | undefined)?.Meta?.TotalCount;
export const describeReply = (reply: Reply) => `${reply.status} ${JSON.stringify(reply.body)}`;

export interface Route {
  method: Method;
  path: string;
  roles: readonly ApiRole[];
  body: object | undefined;
}

const METHODS: Record<StandardOperation, Method> = {
  List: 'GET',
  Create: 'POST',
  Get: 'GET',
  Save: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
};

/**
 * The standard operations a resource offers, with method, path template and roles: the declared
 * ones, and those it publishes as operations of its own at the standard name, method and path (an
 * `Orders.List` with extra parameters and fewer roles, a line item `Get` behind a check on its order).
 */
function standardRoutes(resource: ResourceDefinition): Map<StandardOperation, Route> {
  const declared = resource.operations ?? STANDARD_OPERATIONS;
  const routes = new Map<StandardOperation, Route>();
  for (const operation of STANDARD_OPERATIONS) {
    const onItem = !resource.singleton && ['Get', 'Save', 'Patch', 'Delete'].includes(operation);
    const method = METHODS[operation];
    const path = onItem ? `${resource.path}/{${resource.idParam}}` : resource.path;
    const body = ['Create', 'Save', 'Patch'].includes(operation) ? {} : undefined;
    if (declared.includes(operation)) {
      const roles = operation === 'List' || operation === 'Get' ? resource.roles.read : resource.roles.write;
      routes.set(operation, { method, path, roles, body });
      continue;
    }
    const published = resource.extraOperations?.find(
      (extra) => extra.name === operation && extra.method === method && extra.path === path,
    );
    if (published) routes.set(operation, { method, path, roles: published.roles, body });
  }
  return routes;
}

export const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The standard routes a resource offers and the declaration of its generic cases. */
export interface ResourceCases {
  routes: Map<StandardOperation, Route>;
  offered: Set<StandardOperation>;
  /** Skip reasons of the resource by case name (see `SKIPS`). */
  skips: Readonly<Record<string, string>>;
  /** Declares a case unless the resource does not offer its operation; a listed skip shows with its reason. */
  generic(name: CaseName, title: string, body: () => Promise<void>): void;
}

/** Call once per resource, inside its `describe`: `generic` declares tests there. */
export function resourceCases(resource: ResourceDefinition): ResourceCases {
  const routes = standardRoutes(resource);
  const offered = new Set<StandardOperation>(routes.keys());
  const skips = SKIPS[resource.name] ?? {};
  function generic(name: CaseName, title: string, body: () => Promise<void>): void {
    const operation = CASES[name];
    if (operation && !offered.has(operation)) return;
    const reason = skips[name] ?? skips.all ?? (resource.singleton ? SINGLETON_SKIPS[name] : undefined);
    if (reason) it.todo(`${title} [not run: ${reason}]`);
    else it(title, body);
  }
  return { routes, offered, skips, generic };
}
