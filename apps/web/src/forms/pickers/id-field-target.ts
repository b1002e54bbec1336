import { getOperation, type ApiDescription, type ApiOperation, type ApiResource } from '@/description/api-model';

// ID FIELD -> RESOURCE
// Which list an identifier field picks from (spec 2 §3 "Fields whose names are resource identifiers", §7
// "Pickers"). The rule is read off the description: a field `XxxID` or `DefaultXxxID` picks from the resource
// whose singular is `Xxx`; only names that say something else (ShipFromAddressID, FromCompanyID, ParentID, ...)
// are listed below.

/** Which company kind a user, user group or address belongs to; chosen from the form's context. */
type Family = 'buyer' | 'seller';

interface IrregularField {
  /** Singular of the resource to pick from, e.g. `Address`, or a list operation when it is not `Xxx.List`. */
  readonly singular?: string;
  readonly operationId?: string;
  /** Fixed list query, e.g. `IsParent=true`. */
  readonly query?: Readonly<Record<string, string>>;
  /** Default path parameters the picker may assume, e.g. every order direction. */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Other form fields that hold a parent parameter, e.g. `ImpersonationBuyerID` for `buyerID`. */
  readonly parentFields?: Readonly<Record<string, readonly string[]>>;
  /** Seller-side addresses: the marketplace owner's, or a supplier's when a supplier is in context. */
  readonly family?: Family;
}

const integrationEvent = (eventType: string): IrregularField => ({
  singular: 'IntegrationEvent',
  query: { EventType: eventType },
});

/** Field names whose resource is not their own name (spec 2 §3 lists most of them). */
const IRREGULAR_FIELDS: Readonly<Record<string, IrregularField>> = {
  ShipFromAddressID: { singular: 'Address', family: 'seller' },
  FromAddressID: { singular: 'Address', family: 'seller' },
  ToAddressID: { singular: 'Address' },
  BillingAddressID: { singular: 'Address', parentFields: { buyerID: ['FromCompanyID'] } },
  ShippingAddressID: { singular: 'Address', parentFields: { buyerID: ['FromCompanyID'] } },
  FromCompanyID: { singular: 'Buyer' },
  ToCompanyID: { singular: 'Buyer' },
  CompanyID: { singular: 'Buyer' },
  ImpersonationBuyerID: { singular: 'Buyer' },
  FromUserID: { singular: 'User', parentFields: { buyerID: ['FromCompanyID'] } },
  ImpersonationUserID: { singular: 'User', parentFields: { buyerID: ['ImpersonationBuyerID'] } },
  ImpersonationGroupID: { singular: 'UserGroup', parentFields: { buyerID: ['ImpersonationBuyerID'] } },
  GroupID: { singular: 'UserGroup' },
  ApprovingGroupID: { singular: 'UserGroup' },
  ParentID: { singular: 'Product', query: { IsParent: 'true' } },
  DefaultOptionID: { operationId: 'Specs.ListOptions' },
  OptionID: { operationId: 'Specs.ListOptions' },
  ClientID: { singular: 'ApiClient' },
  OrderCloudApiClientID: { singular: 'ApiClient' },
  SellerID: { singular: 'Supplier' },
  DeliveryConfigID: { singular: 'DeliveryConfiguration' },
  OrderID: { singular: 'Order', defaults: { direction: 'All' } },
  LineItemID: { singular: 'LineItem', defaults: { direction: 'All' } },
  OrderCheckoutIntegrationEventID: integrationEvent('OrderCheckout'),
  OrderReturnIntegrationEventID: integrationEvent('OrderReturn'),
  AddToCartIntegrationEventID: integrationEvent('AddToCart'),
};

/** A category's parent is a category of the same catalog, not a parent product. */
const PARENT_ID_BY_OWNER: Readonly<Record<string, IrregularField>> = {
  Categories: { singular: 'Category' },
};

/** Prefixes of resources that share a singular with a buyer-side one: `AdminUsers`, `SupplierUserGroups`. */
const ADMIN_PREFIX = 'Admin';
const SUPPLIER_PREFIX = 'Supplier';

/** Lists that take these query parameters always get them (spec 2 §7: categories with depth=all). */
const LIST_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'Categories.List': { depth: 'all' },
};

/**
 * The singular of a resource id, by English plural rules.
 *
 * @example
 * singularOf('Categories'); // 'Category'
 * singularOf('AdminAddresses'); // 'AdminAddress'
 */
export function singularOf(resourceId: string): string {
  if (resourceId.endsWith('ies')) return `${resourceId.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(resourceId)) return resourceId.slice(0, -2);
  return resourceId.endsWith('s') ? resourceId.slice(0, -1) : resourceId;
}

/** What a picker lists: one list operation with its fixed query. */
export interface PickerTarget {
  readonly resource: ApiResource;
  readonly operation: ApiOperation;
  /** Human singular, e.g. `Price Schedule`; the modal title reads 'Select Price Schedule'. */
  readonly label: string;
  readonly query: Readonly<Record<string, string>>;
  readonly defaults: Readonly<Record<string, string>>;
  readonly parentFields: Readonly<Record<string, readonly string[]>>;
}

/** Where a picker is: the resource whose form holds the field and the parameters around it. */
export interface PickerContext {
  /** The resource of the form (its operation's resource id), e.g. `Categories`. */
  readonly ownerResourceId?: string | undefined;
  /** Route or path parameters, e.g. `{ buyerID: 'b1' }`, and the form's values by field name. */
  readonly value: (name: string) => string | undefined;
}

function ruleFor(fieldName: string, ownerResourceId: string | undefined): IrregularField | null {
  if (fieldName === 'ParentID' && ownerResourceId && Object.hasOwn(PARENT_ID_BY_OWNER, ownerResourceId))
    return PARENT_ID_BY_OWNER[ownerResourceId] ?? null;
  if (Object.hasOwn(IRREGULAR_FIELDS, fieldName)) return IRREGULAR_FIELDS[fieldName] ?? null;
  if (!fieldName.endsWith('ID') || fieldName === 'ID') return null;
  const base = fieldName.slice(0, -2);
  return { singular: base.startsWith('Default') ? base.slice('Default'.length) : base };
}

function listOf(api: ApiDescription, resource: ApiResource | undefined): ApiOperation | undefined {
  return resource ? getOperation(api, `${resource.id}.List`) : undefined;
}

function resourcesBySingular(api: ApiDescription, singular: string): Map<string, ApiResource> {
  const found = new Map<string, ApiResource>();
  for (const prefix of ['', ADMIN_PREFIX, SUPPLIER_PREFIX]) {
    const resource = api.resources.find((candidate) => singularOf(candidate.id) === `${prefix}${singular}`);
    if (resource && listOf(api, resource)) found.set(prefix, resource);
  }
  return found;
}

function hasValue(context: PickerContext, param: string): boolean {
  return Boolean(context.value(param) || context.value(fieldNameOf(param)));
}

/** Admin-side forms pick admin users; supplier context picks supplier ones; buyer-side is the default. */
function chooseFamily(variants: Map<string, ApiResource>, rule: IrregularField, context: PickerContext) {
  const owner = context.ownerResourceId ?? '';
  const supplierChosen = hasValue(context, 'supplierID');
  const buyerChosen = hasValue(context, 'buyerID');
  if (variants.has(SUPPLIER_PREFIX) && (supplierChosen || owner.startsWith(SUPPLIER_PREFIX)) && !buyerChosen)
    return variants.get(SUPPLIER_PREFIX);
  if (variants.has(ADMIN_PREFIX) && (owner.startsWith(ADMIN_PREFIX) || rule.family === 'seller'))
    return variants.get(ADMIN_PREFIX);
  return variants.get('') ?? variants.values().next().value;
}

function humanise(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/**
 * The list a field picks from in this context, or null when the field names no listable resource (its input
 * stays a plain text box).
 *
 * @example
 * pickerTarget(api, 'DefaultPriceScheduleID', context)?.operation.id; // 'PriceSchedules.List'
 * pickerTarget(api, 'UserID', { value: (n) => ({ supplierID: 's1' })[n] })?.operation.id; // 'SupplierUsers.List'
 */
export function pickerTarget(api: ApiDescription, fieldName: string, context: PickerContext): PickerTarget | null {
  const rule = ruleFor(fieldName, context.ownerResourceId);
  if (!rule) return null;
  let operation: ApiOperation | undefined;
  let resource: ApiResource | undefined;
  if (rule.operationId) {
    operation = getOperation(api, rule.operationId);
    resource = operation ? api.resourcesById[operation.resourceId] : undefined;
  } else if (rule.singular) {
    resource = chooseFamily(resourcesBySingular(api, rule.singular), rule, context);
    operation = listOf(api, resource);
  }
  if (!operation || !resource) return null;
  const label = rule.operationId ? humanise(singularOf(operation.id.split('.List')[1] ?? '')) : '';
  return {
    resource,
    operation,
    label: label || humanise(rule.singular ?? singularOf(resource.id)),
    query: { ...LIST_DEFAULTS[operation.id], ...rule.query },
    defaults: rule.defaults ?? {},
    parentFields: rule.parentFields ?? {},
  };
}

/** A path parameter's field name in a form: `buyerID` is read from `BuyerID`. */
function fieldNameOf(param: string): string {
  return param.charAt(0).toUpperCase() + param.slice(1);
}

/** The path parameters a picker's list needs, filled from the context, and those still missing. */
export function pickerPathParams(
  target: PickerTarget,
  context: PickerContext,
): { params: Record<string, string>; missing: string[] } {
  const params: Record<string, string> = {};
  const missing: string[] = [];
  for (const param of target.operation.pathParams) {
    const sources = [param.name, fieldNameOf(param.name), ...(target.parentFields[param.name] ?? [])];
    const value = sources.map((name) => context.value(name)).find(Boolean) ?? target.defaults[param.name];
    if (value) params[param.name] = value;
    else missing.push(param.name);
  }
  return { params, missing };
}

/** The form fields and route parameters a picker reads, so a form can watch only those. */
export function pickerContextNames(target: PickerTarget): string[] {
  return target.operation.pathParams.flatMap((param) => [
    param.name,
    fieldNameOf(param.name),
    ...(target.parentFields[param.name] ?? []),
  ]);
}

/** The list's path with its parameters filled in, e.g. `/buyers/b1/users`. */
export function fillPath(operation: ApiOperation, params: Readonly<Record<string, string>>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? encodeURIComponent(params[name] ?? '') : whole,
  );
}
