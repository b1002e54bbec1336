import { randomBytes } from 'node:crypto';
import { pathParams } from '../../engine/ids.ts';
import type { FieldSchema, ModelDefinition } from '../fields.ts';
import type { Registry } from '../registry.ts';
import { STANDARD_OPERATIONS, type AssignmentDefinition, type Reference, type ResourceDefinition } from '../types.ts';

/**
 * Valid request bodies for any resource or assignment of a registry, synthesized from the model and
 * `requiredOnCreate`, with the objects they point at (parents, references) created first. Used by
 * the generic registry suites, so a new resource is exercised without writing fixtures for it.
 */

export type Item = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends one request with full rights; the factory only needs the status and the JSON answer. */
export type Send = (method: Method, url: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/** The value of every sampled date (dates are normalised to this ISO form when stored). */
export const SAMPLE_DATE = '2030-01-02T03:04:05.000Z';

let counter = 0;

/** An ID that no other call returns (in this process or a parallel one) and that the ID rule accepts. */
export function sampleId(prefix = 's'): string {
  counter += 1;
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 's';
  return `${safe}-${counter}-${randomBytes(3).toString('hex')}`;
}

/**
 * How an overridden field gets its value: a value, a fresh unique text, an existing object of another
 * resource (created on demand, with overrides of its own under `with`), or something prepared through
 * the API (an order that has been submitted, say).
 */
type Override =
  | { value: unknown }
  | { unique: string }
  | { reference: Reference; with?: Overrides }
  | { prepare: (factory: SampleFactory, depth: number) => Promise<unknown> };
type Overrides = Readonly<Record<string, Override>>;
const value = (given: unknown): Override => ({ value: given });
const unique = (prefix: string): Override => ({ unique: prefix });
const reference = (resource: string, options: { parentFrom?: readonly string[]; with?: Overrides } = {}): Override => ({
  reference: { resource, ...(options.parentFrom ? { parentFrom: options.parentFrom } : {}) },
  ...(options.with ? { with: options.with } : {}),
});

/** The buyer user an admin names when acting for a buyer (orders, subscriptions): the buyer first, then its user. */
const BUYER_USER: Overrides = {
  FromCompanyID: reference('Buyers'),
  FromUserID: reference('Users', { parentFrom: ['FromCompanyID'] }),
};

/**
 * Field values that the resources' hooks need beyond what the model says, keyed by resource name
 * or by model name (models shared by several resources, and assignment models). Overridden fields
 * are always sent, required or not.
 */
export const OVERRIDES: Readonly<Record<string, Overrides>> = {
  // api-clients.ts checkApiClient: AccessTokenDuration must be 10 to 600 minutes.
  ApiClients: { AccessTokenDuration: value(60) },
  // shared-models.ts: Country is a two-letter ISO code (text(2)); 'Sample' would be too long.
  Address: { Country: value('US') },
  // user-rules.ts assertUsernameFree: a username names one user in the whole marketplace.
  User: { Username: unique('user') },
  // buyers.ts Locales.beforeWrite: one locale per currency and language.
  Locales: { Currency: unique('cur') },
  // promotions.ts checkPromotion: Code is unique, and ValueExpression is needed unless UseIntegration.
  Promotions: { Code: unique('promo'), ValueExpression: value('order.Subtotal * 0.1') },
  // integrations.ts Webhooks.beforeWrite: without a DeliveryConfigID, Url must be https and HashKey is needed.
  Webhooks: { Url: value('https://example.com/hook'), HashKey: value('Sample') },
  // integrations.ts TrackingEvents.beforeWrite: ClientID and DeliveryConfigID must exist (checked by the hook).
  TrackingEvents: { ClientID: reference('ApiClients'), DeliveryConfigID: reference('DeliveryConfigurations') },
  // message-senders.ts MessageSenders.beforeWrite: without a DeliveryConfigID, URL and SharedKey are needed.
  MessageSenders: { URL: value('https://example.com/messages'), SharedKey: value('Sample') },
  // buyers.ts address assignment beforeSave: an address is assigned for shipping or billing.
  AddressAssignment: { IsShipping: value(true) },
  // order-writes.ts orderParties: an admin creating an Incoming order places it for a buyer user it names.
  Orders: BUYER_USER,
  // line-item-builder.ts purchasableProduct: only an existing, active product can be put on an order or subscription
  // (this model is also the subscription items'). Its price schedule prices the item, so the cases see real prices
  // and totals rather than nulls.
  LineItem: {
    ProductID: reference('Products', {
      with: {
        Active: value(true),
        DefaultPriceScheduleID: reference('PriceSchedules', {
          with: { PriceBreaks: value([{ Quantity: 1, Price: 10 }]) },
        }),
      },
    }),
  },
  // payment-rules.ts checkPayment: a payment is of one PaymentType; a purchase order needs no card or account.
  Payments: { Type: value('PurchaseOrder') },
  // order-returns.ts beforeReturnWrite: only an Open or Completed order can be returned, so the order is submitted.
  OrderReturns: { OrderID: { prepare: async (factory, depth) => (await factory.submittedOrder(depth)).order.ID } },
  // seller-approval-rules.ts beforeRuleWrite: the approving group is one of the owner's (the marketplace's admin
  // groups). The expression is one the rules engine reads and that holds for no sample order, so rules made by the
  // generic cases never hold other suites' orders for approval.
  SellerApprovalRules: {
    ApprovingGroupID: reference('AdminUserGroups'),
    RuleExpression: value('order.xp.SampleApprovalNeeded = true'),
  },
  // subscriptions.ts beforeSubscriptionWrite: admin users subscribe for a buyer user, naming both company and user.
  Subscriptions: BUYER_USER,
  // subscriptions.ts beforeIntegrationWrite: the API client needs a default context user (any username will do).
  SubscriptionIntegrations: {
    ApiClientID: reference('ApiClients', { with: { DefaultContextUserName: value('sample-context-user') } }),
  },
};

/**
 * Models without an ID (shipment items, approvals): the fields that tell their objects apart
 * within one collection, used where other models use ID.
 */
export const KEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // shipping.ts shipmentItemKey: one item per line item of an order on a shipment.
  ShipmentItem: ['OrderID', 'LineItemID'],
  // approvals.ts openApprovals: one approval per approval rule that held for the order.
  OrderApproval: ['ApprovalRuleID'],
  OrderReturnApproval: ['OrderReturnID', 'ApprovalRuleID'],
};

/** Values of path parameters that select a view rather than a parent (orders' `{direction}`). */
export const SCOPE_VALUES: Readonly<Record<string, string>> = { direction: 'Incoming' };

function overridesFor(...names: string[]): Record<string, Override> {
  return Object.assign({}, ...names.map((name) => OVERRIDES[name] ?? {})) as Record<string, Override>;
}

/** The references of a body: the resource's own, and those overrides name (which win). */
function referencesOf(
  references: Readonly<Record<string, Reference>>,
  overrides: Overrides,
): Record<string, Reference> {
  const merged: Record<string, Reference> = { ...references };
  for (const [name, override] of Object.entries(overrides))
    if ('reference' in override) merged[name] = override.reference;
  return merged;
}

/** A valid value for one field: text 'Sample' (cut to maxLength), 1, 1.5, true, the first enum value, a date. */
export function sampleValue(registry: Registry, field: FieldSchema, depth = 0): unknown {
  if (field.enumRef) return registry.enums[field.enumRef]?.[0] ?? null;
  switch (field.type) {
    case 'string':
      if (field.format === 'date-time') return SAMPLE_DATE;
      if (field.format === 'email') return 'sample@example.com';
      return 'Sample'.slice(0, field.maxLength);
    case 'integer':
      return Math.min(Math.max(1, field.minimum ?? 1), field.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'number':
      return Math.min(Math.max(1.5, field.minimum ?? 1.5), field.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return field.items ? [sampleValue(registry, field.items, depth + 1)] : [];
    case 'object':
      return field.modelRef ? sampleNested(registry, registry.model(field.modelRef), depth + 1) : {};
    default:
      return null;
  }
}

/** A nested model (a required DeliveryTargets, say) has no required list of its own: fill every writable field. */
function sampleNested(registry: Registry, model: ModelDefinition, depth: number): Item {
  // Nested models may refer to each other; a few levels show the shape without looping.
  if (depth > 4) return {};
  const nested: Item = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.readOnly || field.writeOnly || name === 'xp') continue;
    nested[name] = sampleValue(registry, field, depth);
  }
  return nested;
}

/** Fields named in another reference's `parentFrom` go first, so their values exist when needed. */
function orderFields(fields: readonly string[], references: Readonly<Record<string, Reference>>): string[] {
  const needed = new Set(Object.values(references).flatMap((ref) => ref.parentFrom ?? []));
  return [...fields.filter((field) => needed.has(field)), ...fields.filter((field) => !needed.has(field))];
}

export interface Created {
  /** The object as the call that made it answered it. */
  item: Item;
  /** The body that made it. */
  body: Item;
  /** Path parameters of its collection (parents and scopes). */
  params: Record<string, string>;
  /** URL of the object under `/v1` (of its collection, for objects without an address of their own). */
  url: string;
}

/** Paths of the actions makers call: an order's (`.../submit`) and an order return's. */
const ORDER_PATH = '/orders/{direction}/{orderID}';
const RETURN_PATH = '/orderreturns/{returnID}';

/**
 * How to make an object of a resource that has no Create operation, through the operations that
 * do make one; `params` are the path parameters of its collection, parents already created.
 */
type Maker = (factory: SampleFactory, params: Readonly<Record<string, string>>, depth: number) => Promise<Created>;

/** Makers of resources whose objects only come from other operations (a submit, a save of an item). */
export const MAKERS: Readonly<Record<string, Maker>> = {
  // order-actions.ts submitOrder: an approval is opened for each approval rule that holds when the order is submitted.
  OrderApprovals: async (factory, params, depth) => {
    const orderId = params.orderID ?? '';
    await factory.create(factory.resource('LineItems'), params, depth + 1);
    await factory.holdForApproval('Order', orderId, depth);
    const submitted = await factory.expect('POST', `${factory.url(ORDER_PATH, params)}/submit`, undefined, 201);
    return factory.onlyItem('OrderApprovals', params, { Status: 'AwaitingApproval' }, submitted);
  },
  // order-returns.ts submitReturn: the same for an order return, under the rules of type OrderReturn (which look at
  // the return's order). A return is submitted with items to return or a refund amount.
  OrderReturnApprovals: async (factory, params, depth) => {
    const returnUrl = factory.url(RETURN_PATH, params);
    const orderReturn = await factory.expect('GET', returnUrl, undefined, 200);
    await factory.holdForApproval('OrderReturn', String(orderReturn.OrderID), depth);
    await factory.expect('PATCH', returnUrl, { RefundAmount: 1 }, 200);
    const submitted = await factory.expect('POST', `${returnUrl}/submit`, undefined, 201);
    return factory.onlyItem('OrderReturnApprovals', params, { Status: 'AwaitingApproval' }, submitted);
  },
  // shipments.ts saveItem (Shipments.SaveItem): units of a line item of an Open order go onto the shipment.
  ShipmentItems: async (factory, params, depth) => {
    const { order, lineItem } = await factory.submittedOrder(depth);
    const body: Item = { OrderID: order.ID, LineItemID: lineItem.ID, QuantityShipped: lineItem.Quantity };
    const collection = factory.url(factory.resource('ShipmentItems').path, params);
    const item = await factory.expect('POST', collection, body, 200);
    return { item, body, params, url: `${collection}/${String(order.ID)}/${String(lineItem.ID)}` };
  },
};

const MAX_DEPTH = 8;

/** Creates sample objects of a registry through its HTTP API. */
export class SampleFactory {
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
    const candidates = this.registry.resources.filter(
      (resource) => resource.idParam === param && !resource.operationOwner,
    );
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
