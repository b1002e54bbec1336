import { pathParams } from '../../engine/ids.ts';
import type { ModelDefinition } from '../fields.ts';
import {
  STANDARD_OPERATIONS,
  type AssignmentDefinition,
  type Reference,
  type Registry,
  type ResourceDefinition,
} from '../types.ts';
import { MAKERS, ORDER_PATH } from './sample-makers.ts';
import { overridesFor, referencesOf, SCOPE_VALUES, value, type Overrides } from './sample-overrides.ts';
import type { SampleSteps } from './sample-steps.ts';
import { sampleId, sampleValue, type Created, type Item, type Method, type Send } from './sample-values.ts';

/** Fields named in another reference's `parentFrom` go first, so their values exist when needed. */
function orderFields(fields: readonly string[], references: Readonly<Record<string, Reference>>): string[] {
  const needed = new Set(Object.values(references).flatMap((ref) => ref.parentFrom ?? []));
  return [...fields.filter((field) => needed.has(field)), ...fields.filter((field) => !needed.has(field))];
}

const MAX_DEPTH = 8;

/** Creates sample objects of a registry through its HTTP API. */
export class SampleFactory implements SampleSteps {
  constructor(
    private readonly registry: Registry,
    private readonly send: Send,
  ) {}

  /** A resource of the registry by name (for makers, which name the resources they go through). */
  resource(name: string): ResourceDefinition {
    return this.registry.resource(name);
  }

  /** `/buyers/{buyerID}/users` with `{buyerID: 'b1'}` -> `/buyers/b1/users`. */
  url(path: string, params: Readonly<Record<string, string>>): string {
    return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
      const given = params[name];
      if (given === undefined) throw new Error(`No value for {${name}} in ${path}`);
      return encodeURIComponent(given);
    });
  }

  /** One request that must answer `status`; answers its JSON body. */
  async expect(method: Method, url: string, body: unknown, status: number): Promise<Item> {
    const response = await this.send(method, url, body);
    if (response.status !== status) {
      const sent = body === undefined ? '' : ` ${JSON.stringify(body)}`;
      throw new Error(
        `Preparing a sample: ${method} ${url}${sent} answered ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    return (response.body ?? {}) as Item;
  }

  /**
   * The resource whose items a path parameter names: the one whose idParam it is (as the engine
   * finds parents), preferring the one whose path leads to the parameter when several share the name.
   */
  ownerOf(path: string, param: string): ResourceDefinition {
    const named = this.registry.resources.filter((resource) => resource.idParam === param);
    // Sub-resources published under another resource (variants) own their parameter only when nothing else does.
    const primary = named.filter((resource) => !resource.operationOwner);
    const candidates = primary.length > 0 ? primary : named;
    const before = path.toLowerCase().split(`{${param.toLowerCase()}}`)[0];
    const owner = candidates.find((resource) => `${resource.path}/`.toLowerCase() === before) ?? candidates[0];
    if (!owner) throw new Error(`No resource has id parameter ${param} (in ${path})`);
    return owner;
  }

  private hasOwner(param: string): boolean {
    return this.registry.resources.some((resource) => resource.idParam === param && !resource.operationOwner);
  }

  /** Values for every parameter of `path`: the given ones, scope values, and newly created parents. */
  async params(
    path: string,
    scopeParams: readonly string[] = [],
    given: Readonly<Record<string, string>> = {},
    depth = 0,
  ): Promise<Record<string, string>> {
    const params: Record<string, string> = {};
    for (const name of pathParams(path)) {
      const known = given[name];
      if (known !== undefined) {
        params[name] = known;
      } else if (scopeParams.includes(name) || (name in SCOPE_VALUES && !this.hasOwner(name))) {
        const scope = SCOPE_VALUES[name];
        if (scope === undefined) throw new Error(`Add a value for scope parameter {${name}} to SCOPE_VALUES`);
        params[name] = scope;
      } else {
        const owner = this.ownerOf(path, name);
        // The owner's own parameters are the leading ones of this path, already filled.
        const parent = await this.create(owner, params, depth + 1);
        params[name] = String(parent.item.ID);
      }
    }
    return params;
  }

  /**
   * A valid create body for `resource` under `params`, with the objects it refers to created first;
   * `extra` overrides fields on top of the resource's own overrides.
   */
  async body(
    resource: ResourceDefinition,
    params: Readonly<Record<string, string>>,
    depth = 0,
    extra: Overrides = {},
  ): Promise<Item> {
    const overrides = { ...overridesFor(resource.model.name, resource.name), ...extra };
    const idField = resource.model.fields.ID;
    const fields = [...new Set([...resource.requiredOnCreate, ...Object.keys(overrides)])];
    const body: Item = {};
    if (idField && !idField.readOnly && !resource.singleton) body.ID = sampleId(resource.name.toLowerCase());
    await this.fill(body, resource.model, fields, resource.references ?? {}, overrides, params, depth);
    return body;
  }

  /** A valid assignment body and the path parameters of its list/save path, everything it names created. */
  async assignment(
    assignment: AssignmentDefinition,
    depth = 0,
  ): Promise<{ body: Item; params: Record<string, string> }> {
    const params = await this.params(assignment.path, [], {}, depth);
    const overrides = overridesFor(assignment.model.name);
    // Fields the delete path names must be set, or the assignment could not be deleted by that path.
    const fields = [
      ...new Set([
        ...assignment.requiredOnCreate,
        ...Object.values(assignment.deleteParams),
        ...Object.keys(overrides),
      ]),
    ];
    const body: Item = {};
    await this.fill(body, assignment.model, fields, assignment.references, overrides, params, depth);
    return { body, params };
  }

  private async fill(
    body: Item,
    model: ModelDefinition,
    fields: readonly string[],
    references: Readonly<Record<string, Reference>>,
    overrides: Overrides,
    params: Readonly<Record<string, string>>,
    depth: number,
  ): Promise<void> {
    for (const name of orderFields(fields, referencesOf(references, overrides))) {
      const field = model.fields[name];
      if (!field) throw new Error(`${model.name} has no field ${name}`);
      const override = overrides[name];
      if (override && 'value' in override) body[name] = structuredClone(override.value);
      else if (override && 'unique' in override) body[name] = sampleId(override.unique);
      else if (override && 'prepare' in override) body[name] = await override.prepare(this, depth + 1);
      else if (override && 'reference' in override)
        body[name] = await this.referenced(override.reference, params, body, depth, override.with);
      else {
        const target = references[name];
        body[name] = target
          ? await this.referenced(target, params, body, depth)
          : sampleValue(this.registry, field, depth);
      }
    }
  }

  /** The ID of a new object of the referenced resource, inside the parents the reference names. */
  private async referenced(
    target: Reference,
    params: Readonly<Record<string, string>>,
    body: Item,
    depth: number,
    extra: Overrides = {},
  ): Promise<string> {
    const resource = this.registry.resource(target.resource);
    const parentNames = pathParams(resource.path).filter((name) => !resource.scopeParams?.includes(name));
    const given: Record<string, string> = {};
    (target.parentFrom ?? []).forEach((source, index) => {
      const parentParam = parentNames[index];
      const found = params[source] ?? body[source];
      if (parentParam && typeof found === 'string' && found !== '') given[parentParam] = found;
    });
    const created = await this.create(resource, given, depth + 1, extra);
    // A parent named by a body field that was not set yet (GroupID needs BuyerID) now exists: name it.
    (target.parentFrom ?? []).forEach((source, index) => {
      const parentParam = parentNames[index];
      if (parentParam && !(source in params) && body[source] === undefined) body[source] = created.params[parentParam];
    });
    return String(created.item.ID);
  }

  /** Whether `create` can make an object of the resource: by its Create, by a PUT of a singleton, or by a maker. */
  canCreate(resource: ResourceDefinition): boolean {
    const operations = resource.operations ?? STANDARD_OPERATIONS;
    return (
      operations.includes('Create') ||
      (resource.singleton === true && operations.includes('Save')) ||
      resource.name in MAKERS
    );
  }

  /**
   * Creates an object of `resource` (and whatever it needs): through its Create operation; for a
   * singleton without one, by saving it at its path (PUT creates it); otherwise with its maker.
   */
  async create(
    resource: ResourceDefinition,
    given: Readonly<Record<string, string>> = {},
    depth = 0,
    extra: Overrides = {},
  ): Promise<Created> {
    if (depth > MAX_DEPTH) throw new Error(`References nest too deep creating ${resource.name}`);
    if (!this.canCreate(resource)) {
      throw new Error(`${resource.name} has no Create operation, so a sample cannot be made generically`);
    }
    const params = await this.params(resource.path, resource.scopeParams ?? [], given, depth);
    const maker = MAKERS[resource.name];
    const viaCreate = (resource.operations ?? STANDARD_OPERATIONS).includes('Create');
    if (!viaCreate && maker) return maker(this, params, depth);
    const body = await this.body(resource, params, depth, extra);
    const collection = this.url(resource.path, params);
    const [method, status] = viaCreate ? (['POST', 201] as const) : (['PUT', 200] as const);
    const response = await this.send(method, collection, body);
    if (response.status !== status) {
      throw new Error(
        `Creating a sample ${resource.name}: ${method} ${collection} ${JSON.stringify(body)} answered ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    const item = response.body as Item;
    // A singleton lives at its collection path; anything else under its ID.
    const url = resource.singleton ? collection : `${collection}/${encodeURIComponent(String(item.ID))}`;
    return { item, body, params, url };
  }

  /**
   * An order that has been submitted and is Open (what returns and shipments need): an order with
   * one line item, submitted through `Orders.Submit`.
   */
  async submittedOrder(depth = 0): Promise<{ order: Item; lineItem: Item }> {
    const { params: orderParams, item: created } = await this.create(this.resource('Orders'), {}, depth + 1);
    const params = { ...orderParams, orderID: String(created.ID) };
    const lineItem = await this.create(this.resource('LineItems'), params, depth + 1);
    const order = await this.expect('POST', `${this.url(ORDER_PATH, params)}/submit`, undefined, 201);
    if (order.Status !== 'Open') {
      throw new Error(`Preparing a sample: submitting order ${String(order.ID)} left it ${String(order.Status)}`);
    }
    return { order, lineItem: lineItem.item };
  }

  /**
   * A seller approval rule of the marketplace that holds for one order only (so no other sample is
   * held up): orders, or returns of that order, submitted next wait for its approval.
   */
  async holdForApproval(type: 'Order' | 'OrderReturn', orderId: string, depth = 0): Promise<void> {
    await this.create(this.resource('SellerApprovalRules'), {}, depth + 1, {
      ApprovalType: value(type),
      // IDs hold only letters, digits, '-' and '_', so the ID needs no escaping inside the quotes.
      RuleExpression: value(`order.ID = '${orderId}'`),
    });
  }

  /**
   * The one object a list-only collection holds after `made` (an action's answer) was expected to
   * reach `state`; an error describing both when it did not.
   */
  async onlyItem(
    resourceName: string,
    params: Readonly<Record<string, string>>,
    state: Item,
    made: Item,
  ): Promise<Created> {
    const collection = this.url(this.resource(resourceName).path, params);
    const listed = await this.expect('GET', collection, undefined, 200);
    const found = Array.isArray(listed.Items) ? (listed.Items as Item[]) : [];
    const reached = Object.entries(state).every(([field, wanted]) => made[field] === wanted);
    const [item] = found;
    if (!reached || found.length !== 1 || !item) {
      throw new Error(
        `Preparing a sample ${resourceName}: expected ${JSON.stringify(state)} and one item at ${collection}, ` +
          `got ${JSON.stringify(made)} and ${JSON.stringify(found)}`,
      );
    }
    return { item, body: {}, params: { ...params }, url: collection };
  }
}
