import type { Item } from '../engine/item.ts';
import type { WriteContext } from '../resources/types.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { hasAnyRole } from './access.ts';
import { companyAddress, groupIdsOf } from './order-store.ts';
import {
  applySpecMarkups,
  lineAmounts,
  quantityProblem,
  unitPriceFor,
  type PriceKind,
  type PriceScheduleLike,
  type SpecMarkupLike,
} from './pricing.ts';

/** Who an item is priced for: the buyer (product assignments) and the user (their groups' assignments). */
export interface PricingParty {
  buyerId: string | null;
  userId: string | null;
}

/** How an item is priced and checked: order or subscription, by whom, next to which other items. */
export interface BuildOptions {
  kind: PriceKind;
  now: Date;
  /** Whether the caller may set UnitPrice (OverrideUnitPrice or FullAccess). */
  canOverridePrice: boolean;
  /** The request body as sent, to tell a UnitPrice sent now from one kept from the stored item. */
  body: Item;
  /** The other items of the same order or subscription, for cumulative quantities. */
  siblings: readonly Item[];
  /** ShippingAddressID of a new item that names none (the order's). */
  defaultShippingAddressId?: string | null;
  /** Whether stock limits apply (orders; not subscriptions, which are checked when they run). */
  checkInventory?: boolean;
}

const isRecord = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The product as a line item keeps it (the demo seed builds its line items with it too). */
export function productSnapshot(product: Item): Item {
  return {
    ID: product.ID,
    Name: product.Name ?? null,
    Description: product.Description ?? null,
    Returnable: product.Returnable ?? null,
    QuantityMultiplier: product.QuantityMultiplier ?? 1,
    ShipWeight: product.ShipWeight ?? null,
    ShipHeight: product.ShipHeight ?? null,
    ShipWidth: product.ShipWidth ?? null,
    ShipLength: product.ShipLength ?? null,
    DefaultSupplierID: product.DefaultSupplierID ?? null,
    ParentID: product.ParentID ?? null,
    xp: product.xp ?? {},
  };
}

/** The variant as a line item keeps it. */
export function variantSnapshot(variant: Item): Item {
  return {
    ID: variant.ID,
    Name: variant.Name ?? null,
    Description: variant.Description ?? null,
    ShipWeight: variant.ShipWeight ?? null,
    ShipHeight: variant.ShipHeight ?? null,
    ShipWidth: variant.ShipWidth ?? null,
    ShipLength: variant.ShipLength ?? null,
    xp: variant.xp ?? {},
  };
}

/** A product a buyer may put on an order or subscription; 404 when missing, 400 when not purchasable. */
export async function purchasableProduct(store: Store, productId: string): Promise<Item> {
  const product = await store.get('Products', [], productId);
  if (!product) throw notFound('Product', productId);
  if (product.Active !== true) throw validation(`Product ${productId} is not active.`, { ProductID: productId });
  if (product.IsParent === true) {
    throw validation(
      'A parent product cannot be purchased.',
      { ProductID: productId },
      'LineItem.CannotPurchaseParentProduct',
    );
  }
  return product;
}

/**
 * The price schedule that prices a product for a party: the one of a product assignment to one of
 * the user's groups, else to the whole buyer, else the product's default; undefined when none.
 */
export async function priceScheduleFor(store: Store, product: Item, party: PricingParty): Promise<Item | undefined> {
  if (party.buyerId) {
    const assignments = await store.findAssignments('ProductAssignment', [], {
      ProductID: String(product.ID),
      BuyerID: party.buyerId,
    });
    const priced = assignments.filter((assignment) => filled(assignment.PriceScheduleID));
    if (priced.length > 0) {
      const groups = party.userId ? await groupIdsOf(store, [party.buyerId], party.userId) : new Set<string>();
      const chosen =
        priced.find((assignment) => filled(assignment.UserGroupID) && groups.has(assignment.UserGroupID)) ??
        priced.find((assignment) => !filled(assignment.UserGroupID));
      if (chosen) {
        const schedule = await store.get('PriceSchedules', [], String(chosen.PriceScheduleID));
        if (schedule) return schedule;
      }
    }
  }
  if (filled(product.DefaultPriceScheduleID)) return store.get('PriceSchedules', [], product.DefaultPriceScheduleID);
  return undefined;
}

/** The specs of a line item with names, values and markups copied from the specs and options. */
async function resolveSpecs(store: Store, raw: unknown): Promise<Item[]> {
  if (!Array.isArray(raw)) return [];
  const resolved: Item[] = [];
  for (const [index, entry] of raw.entries()) {
    if (!isRecord(entry) || !filled(entry.SpecID)) {
      throw validation(`Specs[${index}].SpecID is required.`, { Property: `Specs[${index}].SpecID` });
    }
    const spec = await store.get('Specs', [], entry.SpecID);
    if (!spec) throw notFound('Spec', entry.SpecID);
    let value = typeof entry.Value === 'string' ? entry.Value : ((spec.DefaultValue as string | null) ?? null);
    let markup: SpecMarkupLike = { PriceMarkupType: null, PriceMarkup: null };
    if (filled(entry.OptionID)) {
      const option = await store.get('SpecOptions', [entry.SpecID], entry.OptionID);
      if (!option) {
        throw validation(
          `Spec ${entry.SpecID} has no option ${entry.OptionID}.`,
          { SpecID: entry.SpecID, OptionID: entry.OptionID },
          'Spec.OptionNotFound',
        );
      }
      // An open-text option takes the shopper's text; any other option is its own value.
      value =
        option.IsOpenText === true && typeof entry.Value === 'string'
          ? entry.Value
          : ((option.Value as string | null) ?? null);
      markup = {
        PriceMarkupType: (option.PriceMarkupType as string | null) ?? null,
        PriceMarkup: (option.PriceMarkup as number | null) ?? null,
      };
    }
    resolved.push({
      SpecID: entry.SpecID,
      Name: spec.Name ?? null,
      OptionID: entry.OptionID ?? null,
      Value: value,
      ...markup,
    });
  }
  return resolved;
}

/**
 * The variant the specs pick, as a line item keeps it; null when the product has no variants or
 * no specs were given. Specs that match no variant are a 400 LineItem.VariantNotFound.
 */
async function resolveVariant(store: Store, productId: string, specs: readonly Item[]): Promise<Item | null> {
  if (specs.length === 0) return null;
  const variants = await store.find('Variants', [productId]);
  if (variants.length === 0) return null;
  const chosen = new Map(specs.map((spec) => [spec.SpecID, spec.OptionID]));
  const match = variants.find(({ item }) => {
    const variantSpecs = Array.isArray(item.Specs) ? item.Specs.filter(isRecord) : [];
    return variantSpecs.length > 0 && variantSpecs.every((spec) => chosen.get(spec.SpecID) === spec.OptionID);
  });
  if (!match) {
    throw validation(
      'No variant of the product matches the specs given.',
      { ProductID: productId },
      'LineItem.VariantNotFound',
    );
  }
  return variantSnapshot(match.item);
}

/** Units of the product on the other items, plus this one's: what cumulative schedules count. */
function cumulativeQuantity(siblings: readonly Item[], productId: string, ownId: unknown, quantity: number): number {
  return siblings
    .filter((sibling) => sibling.ProductID === productId && sibling.ID !== ownId)
    .reduce((sum, sibling) => sum + (typeof sibling.Quantity === 'number' ? sibling.Quantity : 0), quantity);
}

/**
 * The unit price the caller ends up with: a price they send is an override (OverrideUnitPrice
 * only) unless it is just the stored or computed price sent back; an earlier override stays.
 */
function settlePrice(
  computed: number | null,
  previous: Item | undefined,
  options: BuildOptions,
): { price: number | null; overridden: boolean } {
  const sent = options.body.UnitPrice;
  const wasOverridden = previous?.PriceOverridden === true;
  // An explicit null goes back to the schedule's price, which anyone may ask for.
  if (sent === null && 'UnitPrice' in options.body) return { price: computed, overridden: false };
  if (typeof sent !== 'number') {
    return wasOverridden
      ? { price: previous?.UnitPrice as number, overridden: true }
      : { price: computed, overridden: false };
  }
  if (previous && sent === previous.UnitPrice) {
    return wasOverridden ? { price: sent, overridden: true } : { price: computed, overridden: false };
  }
  if (sent === computed) return { price: computed, overridden: false };
  if (!options.canOverridePrice) {
    throw new ApiError(403, 'InsufficientRoles', 'Setting UnitPrice needs the OverrideUnitPrice role.', {
      SufficientRoles: ['FullAccess', 'OverrideUnitPrice'],
    });
  }
  return { price: sent, overridden: true };
}

async function shippingAddress(
  store: Store,
  party: PricingParty,
  next: Item,
  previous: Item | undefined,
  fallbackId: string | null,
): Promise<Item> {
  const id = filled(next.ShippingAddressID) ? next.ShippingAddressID : previous ? null : fallbackId;
  if (id && id !== previous?.ShippingAddressID)
    return { ShippingAddressID: id, ShippingAddress: await companyAddress(store, party.buyerId, id) };
  if (!id && filled(previous?.ShippingAddressID)) return { ShippingAddressID: null, ShippingAddress: null };
  return { ShippingAddressID: id, ShippingAddress: previous?.ShippingAddress ?? null };
}

async function shipFromAddress(store: Store, product: Item, next: Item, previous: Item | undefined): Promise<Item> {
  const owner = filled(product.DefaultSupplierID) ? product.DefaultSupplierID : store.marketplaceId;
  if (filled(next.ShipFromAddressID)) {
    if (next.ShipFromAddressID === previous?.ShipFromAddressID)
      return { ShipFromAddress: previous.ShipFromAddress ?? null };
    return { ShipFromAddress: await companyAddress(store, owner, next.ShipFromAddressID) };
  }
  if (previous || !filled(product.ShipFromAddressID))
    return { ShipFromAddressID: next.ShipFromAddressID ?? null, ShipFromAddress: null };
  // The product's own ship-from address is a default only: a stale one must not block ordering.
  const address = await companyAddress(store, owner, product.ShipFromAddressID).catch(() => null);
  return { ShipFromAddressID: product.ShipFromAddressID, ShipFromAddress: address };
}

function assertStock(product: Item, quantity: number): void {
  const inventory = isRecord(product.Inventory) ? product.Inventory : undefined;
  if (inventory?.Enabled !== true || inventory.OrderCanExceed === true) return;
  if (typeof inventory.QuantityAvailable === 'number' && quantity > inventory.QuantityAvailable) {
    throw validation(
      `Only ${inventory.QuantityAvailable} of product ${String(product.ID)} are available.`,
      { ProductID: product.ID, QuantityAvailable: inventory.QuantityAvailable, QuantityRequested: quantity },
      'Inventory.Insufficient',
    );
  }
}

/**
 * A line item (of an order, or of a subscription) as it is stored: product and variant copied,
 * specs resolved, quantity checked against the price schedule, priced, and its totals computed.
 * `next` is the validated body (merged with the stored item for a PATCH).
 */
export async function buildLineItem(
  store: Store,
  party: PricingParty,
  next: Item,
  previous: Item | undefined,
  options: BuildOptions,
): Promise<Item> {
  const productId = String(next.ProductID ?? '');
  if (previous && previous.ProductID !== productId) {
    throw validation(
      'The product of a line item cannot be changed.',
      { ProductID: productId },
      'LineItem.CannotChangeProductID',
    );
  }
  const product = await purchasableProduct(store, productId);
  const quantity = typeof next.Quantity === 'number' ? next.Quantity : 1;
  if (quantity < 1)
    throw validation('Quantity must be greater than 0.', { Quantity: quantity }, 'LineItem.QuantityMustBePositive');
  const specs = await resolveSpecs(store, next.Specs);
  const variant = await resolveVariant(store, productId, specs);
  const schedule = await priceScheduleFor(store, product, party);
  let computed: number | null = null;
  let isOnSale = false;
  if (schedule) {
    const counted = cumulativeQuantity(options.siblings, productId, next.ID, quantity);
    const problem = quantityProblem(schedule as PriceScheduleLike, quantity, counted);
    if (problem) throw validation(problem.message, { ProductID: productId, Quantity: quantity }, problem.code);
    const priced = unitPriceFor(
      schedule as PriceScheduleLike,
      schedule.UseCumulativeQuantity === true ? counted : quantity,
      options.now,
      options.kind,
    );
    computed = priced.unitPrice === null ? null : applySpecMarkups(priced.unitPrice, quantity, specs);
    isOnSale = priced.isOnSale;
  }
  if (options.checkInventory) assertStock(product, quantity);
  const { price, overridden } = settlePrice(computed, previous, options);
  const dateAdded = (previous?.DateAdded as string | undefined) ?? options.now.toISOString();
  if (typeof next.DateNeeded === 'string' && Date.parse(next.DateNeeded) <= Date.parse(dateAdded)) {
    throw validation(
      'DateNeeded must be later than DateAdded.',
      { DateNeeded: next.DateNeeded },
      'LineItem.DateNeededMustBeGreaterThanDateAdded',
    );
  }
  const promotionDiscount = typeof previous?.PromotionDiscount === 'number' ? previous.PromotionDiscount : 0;
  return {
    ...next,
    Quantity: quantity,
    BundleItemID: previous?.BundleItemID ?? null,
    IsBundle: false,
    DateAdded: dateAdded,
    QuantityShipped: previous?.QuantityShipped ?? 0,
    UnitPrice: price,
    PromotionDiscount: promotionDiscount,
    ...lineAmounts(price, quantity, promotionDiscount),
    Product: productSnapshot(product),
    Variant: variant,
    ...(await shippingAddress(store, party, next, previous, options.defaultShippingAddressId ?? null)),
    ...(await shipFromAddress(store, product, next, previous)),
    SupplierID: product.DefaultSupplierID ?? null,
    PriceScheduleID: schedule?.ID ?? null,
    IsOnSale: isOnSale,
    PriceOverridden: overridden,
    Specs: specs,
    IncomingOrderID: previous?.IncomingOrderID ?? null,
    OutgoingOrderID: previous?.OutgoingOrderID ?? null,
    InvitationID: previous?.InvitationID ?? null,
  };
}

/**
 * The item a write stores (`context.next`) as a line item of `parent`, an order or a subscription:
 * priced for the parent's buyer user, next to its other items (`items`, which may hold the stored
 * version of this one), and shipped to the parent's address unless it names one.
 */
export async function buildLineItemOf(
  context: WriteContext,
  parent: Item,
  items: readonly Item[],
  options: Pick<BuildOptions, 'kind' | 'checkInventory'>,
): Promise<Item> {
  const party = {
    buyerId: (parent.FromCompanyID as string | null) ?? null,
    userId: (parent.FromUserID as string | null) ?? null,
  };
  return buildLineItem(context.store, party, context.next, context.previous, {
    ...options,
    now: new Date(),
    canOverridePrice: hasAnyRole(context.auth, ['OverrideUnitPrice']),
    body: (context.body ?? {}) as Item,
    siblings: items.filter((line) => line.ID !== context.previous?.ID),
    defaultShippingAddressId: (parent.ShippingAddressID as string | null) ?? null,
  });
}

/**
 * Re-prices the other items of a product whose schedule counts the quantity of all of them
 * (UseCumulativeQuantity), after one of them changed or went. Overridden prices are left alone.
 */
export async function repriceCumulative(
  store: Store,
  resource: string,
  parents: readonly string[],
  productId: string,
  options: { now: Date; kind: PriceKind; excludeId?: string },
): Promise<void> {
  const items = (await store.find(resource, parents, { ProductID: productId }))
    .map((stored) => stored.item)
    .filter((item) => item.ID !== options.excludeId);
  const total = items.reduce((sum, item) => sum + (typeof item.Quantity === 'number' ? item.Quantity : 0), 0);
  const schedules = new Map<string, Item | undefined>();
  for (const item of items) {
    if (item.PriceOverridden === true || !filled(item.PriceScheduleID)) continue;
    if (!schedules.has(item.PriceScheduleID))
      schedules.set(item.PriceScheduleID, await store.get('PriceSchedules', [], item.PriceScheduleID));
    const schedule = schedules.get(item.PriceScheduleID);
    if (schedule?.UseCumulativeQuantity !== true) continue;
    const quantity = typeof item.Quantity === 'number' ? item.Quantity : 1;
    const base = unitPriceFor(schedule as PriceScheduleLike, total, options.now, options.kind).unitPrice;
    const specs = Array.isArray(item.Specs) ? item.Specs.filter(isRecord) : [];
    const price = base === null ? null : applySpecMarkups(base, quantity, specs);
    if (price === item.UnitPrice) continue;
    const promotionDiscount = typeof item.PromotionDiscount === 'number' ? item.PromotionDiscount : 0;
    await store.put(resource, parents, {
      ...item,
      UnitPrice: price,
      ...lineAmounts(price, quantity, promotionDiscount),
    });
  }
}
