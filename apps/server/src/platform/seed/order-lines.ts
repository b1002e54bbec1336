import type { Item } from '../engine/item.ts';
import { productSnapshot, variantSnapshot } from '../orders/line-item-builder.ts';
import {
  applySpecMarkups,
  lineAmounts,
  unitPriceFor,
  type PriceKind,
  type PriceScheduleLike,
} from '../orders/pricing.ts';
import type { SeededBuyer } from './buyers.ts';
import type { SeededCatalog } from './catalog.ts';
import { addDays, snapshot } from './common.ts';
import type { ProductPlan } from './product-gen.ts';
import type { Random } from './random.ts';

/** What lines are built from: the catalog, and every saved address by ID for the copies lines keep. */
export interface LineSources {
  catalog: SeededCatalog;
  addresses: ReadonlyMap<string, Item>;
  /** Spec assignments by product, for optional choices (embroidery, warranty). */
  optionalSpecs: ReadonlyMap<string, Item[]>;
}

export interface LineRequest {
  buyer: SeededBuyer;
  userId: string;
  plan: ProductPlan;
  quantity: number;
  /** When the item was added; also the moment sale prices are judged at. */
  dateAdded: string;
  shippingAddressId: string;
  costCenter: string | null;
  kind: PriceKind;
}

/** The schedule that prices a product for the user: a group's contract, then the buyer's, then the default. */
function scheduleFor(sources: LineSources, request: LineRequest): Item {
  const productId = String(request.plan.product.ID);
  const contracts = sources.catalog.contractSchedules;
  for (const groupId of request.buyer.groupsOf.get(request.userId) ?? []) {
    const schedule = contracts.get(`${request.buyer.id}/${groupId}/${productId}`);
    if (schedule) return schedule;
  }
  return contracts.get(`${request.buyer.id}//${productId}`) ?? request.plan.schedule;
}

/** Spec choices for a line: one variant of a variant family, sometimes an optional paid extra. */
function chooseSpecs(rng: Random, sources: LineSources, productId: string): { specs: Item[]; variant: Item | null } {
  const family = sources.catalog.variants.get(productId);
  if (family && family.length > 0) {
    const chosen = rng.pick(family);
    return { specs: chosen.specs.map((spec) => ({ ...spec })), variant: variantSnapshot(chosen.variant) };
  }
  const optional = sources.optionalSpecs.get(productId) ?? [];
  if (optional.length > 0 && rng.chance(0.4)) return { specs: [{ ...rng.pick(optional) }], variant: null };
  return { specs: [], variant: null };
}

/**
 * A line item as the order logic stores it: product and variant copied, specs with their markups,
 * priced from the schedule that applies at `dateAdded`, totals computed, addresses copied.
 */
export function buildLine(rng: Random, sources: LineSources, request: LineRequest): Item {
  const { product } = request.plan;
  const productId = String(product.ID);
  const schedule = scheduleFor(sources, request);
  const { specs, variant } = chooseSpecs(rng, sources, productId);
  const priced = unitPriceFor(
    schedule as PriceScheduleLike,
    request.quantity,
    new Date(request.dateAdded),
    request.kind,
  );
  const unitPrice = priced.unitPrice === null ? null : applySpecMarkups(priced.unitPrice, request.quantity, specs);
  const shipFromId = typeof product.ShipFromAddressID === 'string' ? product.ShipFromAddressID : null;
  const shipTo = sources.addresses.get(request.shippingAddressId);
  const shipFrom = shipFromId ? sources.addresses.get(shipFromId) : undefined;
  return {
    ID: rng.id(22),
    ProductID: productId,
    Quantity: request.quantity,
    BundleItemID: null,
    IsBundle: false,
    DateAdded: request.dateAdded,
    QuantityShipped: 0,
    UnitPrice: unitPrice,
    PromotionDiscount: 0,
    ...lineAmounts(unitPrice, request.quantity, 0),
    CostCenter: request.costCenter,
    DateNeeded: rng.chance(0.25) ? addDays(request.dateAdded, rng.int(7, 30)) : null,
    ShippingAccount: null,
    ShippingAddressID: request.shippingAddressId,
    ShipFromAddressID: shipFromId,
    Product: productSnapshot(product),
    Variant: variant,
    ShippingAddress: shipTo ? snapshot(shipTo) : null,
    ShipFromAddress: shipFrom ? snapshot(shipFrom) : null,
    SupplierID: product.DefaultSupplierID ?? null,
    InventoryRecordID: null,
    PriceScheduleID: schedule.ID,
    IsOnSale: priced.isOnSale,
    PriceOverridden: false,
    Specs: specs,
    IncomingOrderID: null,
    OutgoingOrderID: null,
    InvitationID: null,
    xp: {},
  };
}

/**
 * A quantity the product can be ordered in: within the schedule's maximum and, where stock is
 * enforced, what is available; undefined when none can be ordered.
 */
export function orderableQuantity(rng: Random, plan: ProductPlan): number | undefined {
  const roll = rng.next();
  const wanted = roll < 0.65 ? rng.int(1, 2) : roll < 0.95 ? rng.int(3, 4) : rng.pick([10, 12]);
  const max = typeof plan.schedule.MaxQuantity === 'number' ? plan.schedule.MaxQuantity : Number.POSITIVE_INFINITY;
  const inventory = plan.product.Inventory as Item | null;
  const enforced = inventory?.Enabled === true && inventory.OrderCanExceed !== true;
  const available = enforced && typeof inventory?.QuantityAvailable === 'number' ? inventory.QuantityAvailable : max;
  const quantity = Math.min(wanted, max, available);
  return quantity >= 1 ? quantity : undefined;
}
