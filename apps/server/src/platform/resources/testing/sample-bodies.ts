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

/** A value, a fresh unique text, or an existing object of another resource (created on demand). */
type Override = { value: unknown } | { unique: string } | { reference: Reference };
const value = (given: unknown): Override => ({ value: given });
const unique = (prefix: string): Override => ({ unique: prefix });
const reference = (resource: string): Override => ({ reference: { resource } });

/**
 * Field values that the resources' hooks need beyond what the model says, keyed by resource name
 * or by model name (models shared by several resources, and assignment models). Overridden fields
 * are always sent, required or not.
 */
export const OVERRIDES: Readonly<Record<string, Readonly<Record<string, Override>>>> = {
  // authentication.ts checkApiClient: AccessTokenDuration must be 10 to 600 minutes.
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
  // integrations.ts MessageSenders.beforeWrite: without a DeliveryConfigID, URL and SharedKey are needed.
  MessageSenders: { URL: value('https://example.com/messages'), SharedKey: value('Sample') },
  // buyers.ts address assignment beforeSave: an address is assigned for shipping or billing.
  AddressAssignment: { IsShipping: value(true) },
};

/** Values of path parameters that select a view rather than a parent (orders' `{direction}`). */
export const SCOPE_VALUES: Readonly<Record<string, string>> = { direction: 'Incoming' };

function overridesFor(...names: string[]): Record<string, Override> {
  return Object.assign({}, ...names.map((name) => OVERRIDES[name] ?? {})) as Record<string, Override>;
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
  /** The object as the Create call answered it. */
  item: Item;
  /** The body that created it. */
  body: Item;
  /** Path parameters of its collection (parents and scopes). */
  params: Record<string, string>;
  /** URL of the object under `/v1`. */
  url: string;
}

const MAX_DEPTH = 8;

/** Creates sample objects of a registry through its HTTP API. */
export class SampleFactory {
  constructor(
    private readonly registry: Registry,
    private readonly send: Send,
  ) {}

  /** `/buyers/{buyerID}/users` with `{buyerID: 'b1'}` -> `/buyers/b1/users`. */
  url(path: string, params: Readonly<Record<string, string>>): string {
    return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
      const given = params[name];
      if (given === undefined) throw new Error(`No value for {${name}} in ${path}`);
      return encodeURIComponent(given);
    });
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

  /** A valid create body for `resource` under `params`, with the objects it refers to created first. */
  async body(resource: ResourceDefinition, params: Readonly<Record<string, string>>, depth = 0): Promise<Item> {
    const overrides = overridesFor(resource.model.name, resource.name);
    const idField = resource.model.fields.ID;
    const fields = [...new Set([...resource.requiredOnCreate, ...Object.keys(overrides)])];
    const body: Item = {};
    if (idField && !idField.readOnly) body.ID = sampleId(resource.name.toLowerCase());
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
    overrides: Readonly<Record<string, Override>>,
    params: Readonly<Record<string, string>>,
    depth: number,
  ): Promise<void> {
    for (const name of orderFields(fields, references)) {
      const field = model.fields[name];
      if (!field) throw new Error(`${model.name} has no field ${name}`);
      const override = overrides[name];
      if (override && 'value' in override) body[name] = structuredClone(override.value);
      else if (override && 'unique' in override) body[name] = sampleId(override.unique);
      else {
        const target = override && 'reference' in override ? override.reference : references[name];
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
  ): Promise<string> {
    const resource = this.registry.resource(target.resource);
    const parentNames = pathParams(resource.path).filter((name) => !resource.scopeParams?.includes(name));
    const given: Record<string, string> = {};
    (target.parentFrom ?? []).forEach((source, index) => {
      const parentParam = parentNames[index];
      const found = params[source] ?? body[source];
      if (parentParam && typeof found === 'string' && found !== '') given[parentParam] = found;
    });
    const created = await this.create(resource, given, depth + 1);
    // A parent named by a body field that was not set yet (GroupID needs BuyerID) now exists: name it.
    (target.parentFrom ?? []).forEach((source, index) => {
      const parentParam = parentNames[index];
      if (parentParam && !(source in params) && body[source] === undefined) body[source] = created.params[parentParam];
    });
    return String(created.item.ID);
  }

  /** Creates an object of `resource` (and whatever it needs) through its Create operation. */
  async create(
    resource: ResourceDefinition,
    given: Readonly<Record<string, string>> = {},
    depth = 0,
  ): Promise<Created> {
    if (depth > MAX_DEPTH) throw new Error(`References nest too deep creating ${resource.name}`);
    if (!(resource.operations ?? STANDARD_OPERATIONS).includes('Create')) {
      throw new Error(`${resource.name} has no Create operation, so a sample cannot be made generically`);
    }
    const params = await this.params(resource.path, resource.scopeParams ?? [], given, depth);
    const body = await this.body(resource, params, depth);
    const collection = this.url(resource.path, params);
    const response = await this.send('POST', collection, body);
    if (response.status !== 201) {
      throw new Error(
        `Creating a sample ${resource.name}: POST ${collection} ${JSON.stringify(body)} answered ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    const item = response.body as Item;
    // A singleton lives at its collection path; anything else under its ID.
    const url = resource.singleton ? collection : `${collection}/${encodeURIComponent(String(item.ID))}`;
    return { item, body, params, url };
  }
}
