import { createHash } from 'node:crypto';
import type { Item } from '../engine/item.ts';
import type { OperationContext } from '../resources/types.ts';
import { present } from '../engine/crud.ts';
import { validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { lineItemsOf } from './order-store.ts';
import { ORDER_PROMOTIONS } from './promotion-discounts.ts';

/**
 * The checkout integration's state of an order: the last ShipEstimateResponse (with the buyer's
 * selections) and the last OrderCalculateResponse. Kept as one internal document per order, not a
 * published resource: the API shows it only inside the OrderWorksheet.
 */
export const WORKSHEETS = 'OrderWorksheets';

/** What is stored for an order; either response is null until its call was made. */
export interface CheckoutState {
  ShipEstimateResponse: Item | null;
  OrderCalculateResponse: Item | null;
  /** `cartFingerprint` of the order when it was last calculated successfully; null before that. */
  CalculatedCart: string | null;
}

const EMPTY: CheckoutState = { ShipEstimateResponse: null, OrderCalculateResponse: null, CalculatedCart: null };

/**
 * The stored state of an order. The document remembers the order's DateCreated: a deleted order
 * leaves it behind (nested cleanup only knows published resources), and a new order that reuses
 * the ID must not inherit the old one's estimates.
 */
export async function checkoutStateOf(store: Store, order: Item): Promise<CheckoutState> {
  const stored = await store.get(WORKSHEETS, [], String(order.ID));
  if (!stored || stored.OrderDateCreated !== (order.DateCreated ?? null)) return { ...EMPTY };
  return {
    ShipEstimateResponse: (stored.ShipEstimateResponse as Item | null | undefined) ?? null,
    OrderCalculateResponse: (stored.OrderCalculateResponse as Item | null | undefined) ?? null,
    CalculatedCart: typeof stored.CalculatedCart === 'string' ? stored.CalculatedCart : null,
  };
}

/** Stores the state of an order (inside the caller's transaction). */
export async function saveCheckoutState(store: Store, order: Item, state: CheckoutState): Promise<void> {
  await store.put(WORKSHEETS, [], {
    ID: String(order.ID),
    OrderDateCreated: order.DateCreated ?? null,
    ShipEstimateResponse: state.ShipEstimateResponse,
    OrderCalculateResponse: state.OrderCalculateResponse,
    CalculatedCart: state.CalculatedCart,
  });
}

/**
 * What a calculation depends on, as one digest: the lines (product, quantity, specs, ship-to), the
 * billing address and the selected ship methods. Prices are left out, since the calculation itself
 * may override them; payments too, since they come after it.
 */
export async function cartFingerprint(store: Store, order: Item, state: CheckoutState): Promise<string> {
  const lines = (await lineItemsOf(store, String(order.ID))).map((line) => [
    line.ID,
    line.ProductID,
    line.Quantity,
    (Array.isArray(line.Specs) ? (line.Specs as Item[]) : []).map((spec) => [spec.SpecID, spec.OptionID, spec.Value]),
    line.ShippingAddressID ?? null,
    line.ShippingAddress ?? null,
  ]);
  lines.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const estimates = Array.isArray(state.ShipEstimateResponse?.ShipEstimates)
    ? (state.ShipEstimateResponse.ShipEstimates as Item[])
    : [];
  const selected = estimates.map((estimate) => [estimate.ID, estimate.SelectedShipMethodID ?? null]);
  const basis = JSON.stringify([lines, order.BillingAddressID ?? null, order.BillingAddress ?? null, selected]);
  return createHash('sha256').update(basis).digest('base64url');
}

/**
 * An order submitted through an API client with a checkout integration must have been calculated by
 * it, since the last change to what the calculation depends on (`cartFingerprint`): otherwise its tax
 * and shipping may not match the cart.
 */
export async function assertCalculatedForCheckout(store: Store, order: Item, clientId: string): Promise<void> {
  const client = await store.get('ApiClients', [], clientId);
  if (!filled(client?.OrderCheckoutIntegrationEventID)) return;
  const state = await checkoutStateOf(store, order);
  if (state.CalculatedCart !== null && state.CalculatedCart === (await cartFingerprint(store, order, state))) return;
  throw validation(
    'This order must be calculated by the checkout integration (IntegrationEvents.Calculate) before it is ' +
      'submitted, and again after its items, addresses or ship methods change.',
    { OrderID: order.ID },
    'Order.CannotSubmitUncalculatedOrder',
  );
}

/** The ship methods selected on the estimates, summed: what the order's ShippingCost becomes. */
export function selectedShippingCost(response: Item | null): number {
  const estimates = Array.isArray(response?.ShipEstimates) ? (response.ShipEstimates as Item[]) : [];
  let total = 0;
  for (const estimate of estimates) {
    const methods = Array.isArray(estimate.ShipMethods) ? (estimate.ShipMethods as Item[]) : [];
    const chosen = methods.find((method) => method.ID === estimate.SelectedShipMethodID);
    if (chosen && typeof chosen.Cost === 'number') total += chosen.Cost;
  }
  return Math.round(total * 10_000) / 10_000;
}

/** Whether any estimate of a response has a selected ship method. */
export function hasSelection(response: Item | null): boolean {
  const estimates = Array.isArray(response?.ShipEstimates) ? (response.ShipEstimates as Item[]) : [];
  return estimates.some((estimate) => filled(estimate.SelectedShipMethodID));
}

/**
 * The OrderWorksheet of an order as the API shows it: the order, its line items and applied
 * promotions as their own calls answer them, its subscription when it came from one, and the
 * integration responses stored so far (null for the calls that never happened here).
 */
export async function worksheetOf(context: OperationContext, order: Item): Promise<Item> {
  const { store, registry } = context;
  const presentAs = (name: string, parents: readonly string[], item: Item) =>
    present(context, registry.resource(name), parents, item);
  const orderId = String(order.ID);
  const lineItems: Item[] = [];
  for (const line of await lineItemsOf(store, orderId)) lineItems.push(await presentAs('LineItems', [orderId], line));
  const promotions: Item[] = [];
  for (const { item } of await store.find(ORDER_PROMOTIONS, [orderId])) {
    promotions.push(await presentAs(ORDER_PROMOTIONS, [orderId], item));
  }
  const subscription = filled(order.SubscriptionID) ? await store.get('Subscriptions', [], order.SubscriptionID) : null;
  const state = await checkoutStateOf(store, order);
  return {
    Order: await presentAs('Orders', [], order),
    LineItems: lineItems,
    OrderPromotions: promotions,
    Subscription: subscription ? await presentAs('Subscriptions', [], subscription) : null,
    ShipEstimateResponse: state.ShipEstimateResponse,
    OrderCalculateResponse: state.OrderCalculateResponse,
    OrderSubmitResponse: null,
    OrderSubmitForApprovalResponse: null,
    OrderApprovedResponse: null,
    SubscriptionIntegrationResponse: null,
  };
}
