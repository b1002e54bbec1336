import type { Item } from '../engine/item.ts';
import { createItem, deleteItem, patchItem, saveItem } from '../engine/crud.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import { parseListQuery, type FilterClause, type ListPage } from '../engine/list-query.ts';
import { validateBody, withDefaults } from '../engine/validate.ts';
import type { ModelDefinition } from './fields.ts';
import {
  assignmentParents,
  buyerCaller,
  listByIds,
  reachingAssignments,
  nothingVisible,
  uniqueIds,
  type BuyerCaller,
} from './me-access.ts';
import { shapeAs } from './me-models.ts';
import { assignmentKind, type AssignmentDefinition, type OperationContext } from './types.ts';

type Handler = (context: OperationContext) => Promise<unknown>;

/** A buyer object that reaches users through party assignments: cost centers, spending accounts... */
export interface ReachableKind {
  /** Storage resource under `/buyers/{buyerID}`, e.g. `CostCenters`. */
  resource: string;
  assignment: AssignmentDefinition;
  /** Field of the assignment naming the object, e.g. `CostCenterID`. */
  idField: string;
  /** Path parameter of the Me get operation (`creditcardID` on Me, `creditCardID` on the buyer's path). */
  idParam: string;
  /** ObjectType of a 404. */
  objectType: string;
}

const buyerParams = (caller: BuyerCaller) => ({ buyerID: caller.buyerId });

async function reachingFor(context: OperationContext, kind: ReachableKind, caller: BuyerCaller, id?: string) {
  const match = id === undefined ? {} : { [kind.idField]: id };
  return reachingAssignments(context.store, kind.assignment, buyerParams(caller), match, caller);
}

/** The stored object when it reaches the caller, else a 404 (also for admin and supplier users). */
async function requireReachable(
  context: OperationContext,
  kind: ReachableKind,
  id: string,
): Promise<{ caller: BuyerCaller; item: Item; assignments: Item[] }> {
  const caller = await buyerCaller(context);
  const assignments = caller ? await reachingFor(context, kind, caller, id) : [];
  const item =
    caller && assignments.length > 0 ? await context.store.get(kind.resource, [caller.buyerId], id) : undefined;
  if (!caller || !item) throw notFound(kind.objectType, id);
  return { caller, item, assignments };
}

/** `Me.List...` of a buyer object: the ones assigned to the user, a group of theirs or their buyer. */
export function listReachable(kind: ReachableKind): Handler {
  return async (context) => {
    const query = parseListQuery(context.query);
    const caller = await buyerCaller(context);
    if (!caller) return nothingVisible(context, kind.resource, query);
    const ids = uniqueIds((await reachingFor(context, kind, caller)).map((assignment) => assignment[kind.idField]));
    return listByIds(context, context.registry.resource(kind.resource), [caller.buyerId], ids, query);
  };
}

/** `Me.Get...` of a buyer object that reaches the user. */
export function getReachable(kind: ReachableKind): Handler {
  return async (context) => (await requireReachable(context, kind, context.params[kind.idParam] ?? '')).item;
}

/**
 * A buyer object users may also keep for themselves (addresses, credit cards). One created through
 * Me is stored with the buyer's, assigned to its creator alone, and recorded under `ownerKind` so
 * that only its creator may change it; the others are the buyer's ("public") and read-only here.
 */
export interface OwnedKind extends ReachableKind {
  /** The model Me shows, with read-only ID and Editable (BuyerAddress). */
  shown: ModelDefinition;
  required: readonly string[];
  /** Name in messages: `Address`, `Credit Card`. */
  noun: string;
  /** Lower-case plural in messages: `addresses`. */
  plural: string;
  /** Storage kind of the creator records, under the buyer. */
  ownerKind: string;
  /** Shown flag -> assignment field (`Shipping` -> `IsShipping`), true when any reaching assignment says so. */
  flags: Readonly<Record<string, string>>;
  /** Rules on the creator's own flags (an address must serve shipping or billing). */
  checkFlags?(flags: Readonly<Record<string, boolean>>): void;
}

async function ownedIds(context: OperationContext, kind: OwnedKind, caller: BuyerCaller, id?: string) {
  const match = { UserID: caller.userId, ...(id === undefined ? {} : { [kind.idField]: id }) };
  const owned = await context.store.findAssignments(kind.ownerKind, [caller.buyerId], match);
  return new Set(uniqueIds(owned.map((record) => record[kind.idField])));
}

/** Flag values of one object from the assignments reaching the user. */
function flagsOf(kind: OwnedKind, assignments: readonly Item[]): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(kind.flags).map(([flag, field]) => [flag, assignments.some((item) => item[field] === true)]),
  );
}

const present = (kind: OwnedKind, item: Item, flags: Record<string, boolean>, editable: boolean) =>
  shapeAs(kind.shown, { ...item, ...flags, Editable: editable });

/** `Shipping=true`, `Editable=!true`: a filter on a computed flag, answered from the assignments. */
function flagTest(clause: FilterClause): (value: boolean) => boolean {
  const tests = clause.values.map((raw) => {
    const negated = raw.startsWith('!');
    const text = (negated ? raw.slice(1) : raw).toLowerCase();
    if (text !== 'true' && text !== 'false') {
      throw validation(
        `${clause.field} must be true or false.`,
        { Property: clause.field, Value: raw },
        'List.InvalidType',
      );
    }
    return (value: boolean) => (value === (text === 'true')) !== negated;
  });
  return (value) => tests.every((test) => test(value));
}

function listOwned(kind: OwnedKind): Handler {
  return async (context) => {
    const query = parseListQuery(context.query);
    const caller = await buyerCaller(context);
    const computed = new Set([...Object.keys(kind.flags), 'Editable']);
    const rest = { ...query, filters: query.filters.filter((filter) => !computed.has(filter.field)) };
    if (!caller) return nothingVisible(context, kind.resource, rest);
    const byId = new Map<string, Item[]>();
    for (const assignment of await reachingFor(context, kind, caller)) {
      const id = assignment[kind.idField];
      if (typeof id === 'string') byId.set(id, [...(byId.get(id) ?? []), assignment]);
    }
    const owned = await ownedIds(context, kind, caller);
    let ids = [...byId.keys()];
    for (const clause of query.filters.filter((filter) => computed.has(filter.field))) {
      const test = flagTest(clause);
      ids = ids.filter((id) =>
        test(clause.field === 'Editable' ? owned.has(id) : flagsOf(kind, byId.get(id) ?? [])[clause.field] === true),
      );
    }
    const page: ListPage = await listByIds(
      context,
      context.registry.resource(kind.resource),
      [caller.buyerId],
      ids,
      rest,
    );
    const items = page.Items.map((item) => {
      const id = String(item.ID);
      return present(kind, item, flagsOf(kind, byId.get(id) ?? []), owned.has(id));
    });
    return { ...page, Items: items };
  };
}

function getOwned(kind: OwnedKind): Handler {
  return async (context) => {
    const id = context.params[kind.idParam] ?? '';
    const { caller, item, assignments } = await requireReachable(context, kind, id);
    return present(kind, item, flagsOf(kind, assignments), (await ownedIds(context, kind, caller, id)).has(id));
  };
}

/** The creator's own flags from a body: given values, else the current ones, else true. */
function ownFlags(kind: OwnedKind, value: Item, current: Readonly<Record<string, boolean>> = {}) {
  const flags = Object.fromEntries(
    Object.keys(kind.flags).map((flag) => [
      flag,
      typeof value[flag] === 'boolean' ? (value[flag] as boolean) : (current[flag] ?? true),
    ]),
  );
  kind.checkFlags?.(flags);
  return flags;
}

/** The body checked against the shown model, split into the stored object's fields and the flags. */
function checkedBody(context: OperationContext, kind: OwnedKind, required: readonly string[], previous?: Item) {
  const { value, errors } = validateBody(context.registry, kind.shown, context.body, { required, previous });
  if (errors.length > 0) throw ApiError.many(400, errors);
  const stored = context.registry.resource(kind.resource).model;
  const fields = Object.fromEntries(Object.entries(value).filter(([name]) => name !== 'ID' && name in stored.fields));
  return { value, fields };
}

/** A context for the engine's CRUD on the stored object, so its hooks, references and cascades apply. */
function storedContext(
  context: OperationContext,
  kind: OwnedKind,
  caller: BuyerCaller,
  body: unknown,
  id?: string,
): OperationContext {
  const resource = context.registry.resource(kind.resource);
  const params: Record<string, string> = { buyerID: caller.buyerId };
  if (id !== undefined && resource.idParam) params[resource.idParam] = id;
  return { ...context, resource, body, params };
}

/** The flags as assignment fields (`Shipping` -> `IsShipping`). */
const assignmentFlags = (kind: OwnedKind, flags: Readonly<Record<string, boolean>>) =>
  Object.fromEntries(Object.entries(kind.flags).map(([flag, field]) => [field, flags[flag] ?? true]));

/** The object when the caller created it; the buyer's own ones answer `<ObjectType>.CannotEditPublic`. */
async function requireEditable(context: OperationContext, kind: OwnedKind, id: string) {
  const found = await requireReachable(context, kind, id);
  if (!(await ownedIds(context, kind, found.caller, id)).has(id)) {
    throw validation(
      `This ${kind.noun} is registered as public and cannot be edited by this endpoint.`,
      { ObjectType: kind.objectType, ObjectID: id },
      `${kind.objectType}.CannotEditPublic`,
    );
  }
  return found;
}

function createOwned(kind: OwnedKind): Handler {
  return async (context) => {
    const caller = await buyerCaller(context);
    if (!caller) throw validation(`Only buyer users keep ${kind.plural} of their own.`, null);
    const { value, fields } = checkedBody(context, kind, kind.required);
    const flags = ownFlags(kind, value);
    return context.store.transaction(async (store) => {
      const inner: OperationContext = { ...context, store };
      const created = await createItem(storedContext(inner, kind, caller, fields));
      const id = String(created.ID);
      const assignment = withDefaults(kind.assignment.model, {
        [kind.idField]: id,
        UserID: caller.userId,
        ...assignmentFlags(kind, flags),
      });
      const parents = assignmentParents(kind.assignment, buyerParams(caller));
      await store.saveAssignment(assignmentKind(kind.assignment), parents, kind.assignment.key, assignment);
      await store.saveAssignment(kind.ownerKind, [caller.buyerId], [kind.idField], {
        [kind.idField]: id,
        UserID: caller.userId,
      });
      return present(kind, created, flags, true);
    });
  };
}

/** Save (PUT, which only updates here) and Patch of an object the caller created. */
function updateOwned(kind: OwnedKind, mode: 'replace' | 'patch'): Handler {
  return async (context) => {
    const id = context.params[kind.idParam] ?? '';
    return context.store.transaction(async (store) => {
      const inner: OperationContext = { ...context, store };
      const { caller, item, assignments } = await requireEditable(inner, kind, id);
      const shown = present(kind, item, flagsOf(kind, assignments), true);
      const { value, fields } = checkedBody(inner, kind, mode === 'replace' ? kind.required : [], shown);
      const crudContext = storedContext(inner, kind, caller, fields, id);
      const saved = mode === 'replace' ? await saveItem(crudContext) : await patchItem(crudContext);
      let flags = flagsOf(kind, assignments);
      if (Object.keys(kind.flags).length > 0) {
        const parents = assignmentParents(kind.assignment, buyerParams(caller));
        const storageKind = assignmentKind(kind.assignment);
        const [mine] = await store.findAssignments(storageKind, parents, { [kind.idField]: id, UserID: caller.userId });
        const current = mine ? flagsOf(kind, [mine]) : {};
        const own = ownFlags(kind, value, current);
        if (!mine || Object.keys(kind.flags).some((flag) => own[flag] !== current[flag])) {
          const assignment = withDefaults(kind.assignment.model, {
            ...mine,
            [kind.idField]: id,
            UserID: caller.userId,
            ...assignmentFlags(kind, own),
          });
          await store.saveAssignment(storageKind, parents, kind.assignment.key, assignment);
        }
        flags = flagsOf(kind, await reachingFor(inner, kind, caller, id));
      }
      return present(kind, saved, flags, true);
    });
  };
}

function deleteOwned(kind: OwnedKind): Handler {
  return async (context) => {
    const id = context.params[kind.idParam] ?? '';
    await context.store.transaction(async (store) => {
      const inner: OperationContext = { ...context, store };
      const { caller } = await requireEditable(inner, kind, id);
      // The engine's delete runs the resource's rules and removes every assignment of the object.
      await deleteItem(storedContext(inner, kind, caller, undefined, id));
      await store.deleteAssignments(kind.ownerKind, [caller.buyerId], { [kind.idField]: id });
    });
    return undefined;
  };
}

/** The handlers of an owned kind: list, get, create, save, patch and delete through Me. */
export function ownedHandlers(
  kind: OwnedKind,
): Record<'list' | 'get' | 'create' | 'save' | 'patch' | 'remove', Handler> {
  return {
    list: listOwned(kind),
    get: getOwned(kind),
    create: createOwned(kind),
    save: updateOwned(kind, 'replace'),
    patch: updateOwned(kind, 'patch'),
    remove: deleteOwned(kind),
  };
}
