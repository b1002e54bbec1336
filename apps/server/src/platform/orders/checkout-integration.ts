import { mintAccessToken } from '../auth/tokens.ts';
import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { OperationContext } from '../resources/types.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { hasAnyRole, requireOrderOfPath } from './access.ts';
import { callMiddleware, type CheckoutEndpoint, type MiddlewareReply } from './checkout-middleware.ts';
import { readOrderCalculateResponse, readShipEstimateResponse, type ReadResponse } from './checkout-responses.ts';
import {
  checkoutStateOf,
  hasSelection,
  cartFingerprint,
  saveCheckoutState,
  selectedShippingCost,
  worksheetOf,
  type CheckoutState,
} from './checkout-worksheet.ts';
import { checkedBody } from './operation-helpers.ts';
import { companyKind, lineItemsOf, recalculateOrder, saveOrder } from './order-store.ts';
import { lineAmounts } from './pricing.ts';

/**
 * The checkout integration (`IntegrationEvents.EstimateShipping`, `SelectShipmethods`, `Calculate`,
 * `GetWorksheet`): the platform asks the middleware of the caller's API client for shipping rates
 * and for the order's shipping, tax and fees, keeps its answers on the order's worksheet and
 * applies them to the order.
 *
 * The middleware is called outside any transaction (a slow middleware must not hold a database
 * connection); its answer is then stored in one transaction that checks the order again.
 */

/** The environment named in payloads when the server gives none (in-process test kits). */
const DEFAULT_ENVIRONMENT = 'Sandbox';
/** Lifetime of the token handed to the middleware: long enough for it to call back while it works. */
const MIDDLEWARE_TOKEN_MINUTES = 10;

const isRecord = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Buyer users other than order admins work on their own orders only, even when they may read others. */
function assertOwnOrder(order: Item, auth: AuthContext): void {
  if (auth.userType !== 'buyer' || hasAnyRole(auth, ['OrderAdmin'])) return;
  if (order.FromUserID !== auth.userId) throw notFound('Order', String(order.ID));
}

function assertUnsubmitted(order: Item): void {
  if (order.Status === 'Unsubmitted') return;
  throw validation(
    `The checkout integration works on unsubmitted orders only; this order is ${String(order.Status)}.`,
    { OrderID: order.ID, Status: order.Status },
    'Order.CannotCalculateBadStatus',
  );
}

/** The order of the path, when the caller may run the checkout integration on it. */
async function checkoutOrder(context: OperationContext): Promise<Item> {
  const order = await requireOrderOfPath(context);
  assertOwnOrder(order, context.auth);
  assertUnsubmitted(order);
  return order;
}

/** The OrderCheckout integration event of the caller's API client; a 400 when it has none. */
async function checkoutEvent(store: Store, clientId: string): Promise<Item> {
  const client = await store.get('ApiClients', [], clientId);
  const eventId = client?.OrderCheckoutIntegrationEventID;
  const event = filled(eventId) ? await store.get('IntegrationEvents', [], eventId) : undefined;
  if (!event || event.EventType !== 'OrderCheckout') {
    throw validation(
      'This API client does not have an order checkout integration event configured.',
      { ClientID: clientId },
      'IntegrationEvent.ApiClientNotConfiguredForOrderCalculate',
    );
  }
  return event;
}

/**
 * A token acting as the order's user with exactly the event's ElevatedRoles, through the caller's
 * API client, so the middleware can read and write what it needs. Empty when the operation runs
 * without the platform services (in-process test harnesses have no signing keys).
 */
async function middlewareToken(context: OperationContext, order: Item, event: Item): Promise<string> {
  const issuer = context.services?.issuer;
  if (!issuer || !filled(order.FromUserID)) return '';
  const kind = await companyKind(context.store, order.FromCompanyID as string | undefined);
  const type = kind === 'marketplace' ? 'admin' : (kind ?? 'buyer');
  const fromUser = isRecord(order.FromUser) ? order.FromUser : {};
  const roles = Array.isArray(event.ElevatedRoles) ? event.ElevatedRoles.map(String) : [];
  const token = await mintAccessToken(issuer, {
    marketplaceId: context.marketplaceId,
    clientId: context.auth.clientId,
    user: {
      id: order.FromUserID,
      username: filled(fromUser.Username) ? fromUser.Username : order.FromUserID,
      type,
      companyId: type === 'admin' ? undefined : String(order.FromCompanyID ?? ''),
    },
    roles,
    durationMinutes: MIDDLEWARE_TOKEN_MINUTES,
  });
  return token.access_token;
}

/** Checks the order and the event, then sends the worksheet to one endpoint of the middleware. */
async function askMiddleware(context: OperationContext, endpoint: CheckoutEndpoint): Promise<MiddlewareReply> {
  const order = await checkoutOrder(context);
  const event = await checkoutEvent(context.store, context.auth.clientId);
  return callMiddleware(event, endpoint, {
    Environment: (await context.services?.environmentOf?.(context.marketplaceId)) ?? DEFAULT_ENVIRONMENT,
    OrderCloudAccessToken: await middlewareToken(context, order, event),
    OrderWorksheet: await worksheetOf(context, order),
    ConfigData: event.ConfigData ?? null,
  });
}

/**
 * Stores a change of the order's checkout state in one transaction (the order is checked again:
 * it may have been submitted while the middleware worked), brings the order's totals up to date
 * and answers the worksheet. A failed middleware call is stored too, and then answered as `failure`.
 */
async function storeCheckout(
  context: OperationContext,
  change: (store: Store, order: Item, state: CheckoutState) => Promise<CheckoutState>,
  failure?: ApiError,
): Promise<Item> {
  const worksheet = await context.store.transaction(async (store) => {
    const inner = { ...context, store };
    const order = await checkoutOrder(inner);
    const state = await change(store, order, await checkoutStateOf(store, order));
    await saveCheckoutState(store, order, state);
    return worksheetOf(inner, await recalculateOrder(store, String(order.ID)));
  });
  if (failure) throw failure;
  return worksheet;
}

/**
 * `IntegrationEvents.EstimateShipping`: the middleware's ship estimates replace the stored ones.
 * Earlier selections go with them, and so does the shipping cost they had set.
 */
export async function estimateShipping(context: OperationContext): Promise<Item> {
  const read = readShipEstimateResponse(await askMiddleware(context, 'shippingrates'));
  return storeCheckout(
    context,
    async (store, order, state) => {
      if (hasSelection(state.ShipEstimateResponse)) await saveOrder(store, { ...order, ShippingCost: 0 });
      return { ...state, ShipEstimateResponse: read.response };
    },
    read.failure,
  );
}

/** The selections of a SelectShipmethods body, each naming an estimate and one of its methods. */
function selectionsOf(context: OperationContext): Array<{ ShipEstimateID: string; ShipMethodID: string }> {
  const body = checkedBody(context, 'OrderShipMethodSelection');
  const raw = Array.isArray(body.ShipMethodSelections) ? (body.ShipMethodSelections as unknown[]) : [];
  const errors = raw.flatMap((entry, index) =>
    ['ShipEstimateID', 'ShipMethodID']
      .filter((field) => !isRecord(entry) || !filled(entry[field]))
      .map((field) => ({
        ErrorCode: 'ValidationFailure',
        Message: `ShipMethodSelections[${index}].${field} is required.`,
        Data: { Property: `ShipMethodSelections[${index}].${field}` },
      })),
  );
  if (errors.length > 0) throw ApiError.many(400, errors);
  return raw.map((entry) => {
    const selection = entry as Item;
    return { ShipEstimateID: String(selection.ShipEstimateID), ShipMethodID: String(selection.ShipMethodID) };
  });
}

/** The stored estimates with the selections made; 400 without estimates, 404 for an unknown ID. */
function applySelections(response: Item | null, selections: ReturnType<typeof selectionsOf>): Item {
  if (!response) {
    throw validation(
      'You must estimate shipping costs prior to setting your shipping method.',
      null,
      'IntegrationEvent.MustCalculateShipping',
    );
  }
  const estimates = Array.isArray(response.ShipEstimates) ? (response.ShipEstimates as Item[]) : [];
  if (response.Succeeded !== true || estimates.length === 0) {
    throw validation(
      'There are no ship estimates for this order: shipping must be estimated successfully, with at least one estimate, before a ship method is selected.',
      null,
      'IntegrationEvent.MustHaveShipEstimates',
    );
  }
  const chosen = new Map(estimates.map((estimate) => [String(estimate.ID), estimate.SelectedShipMethodID ?? null]));
  for (const selection of selections) {
    const estimate = estimates.find((candidate) => candidate.ID === selection.ShipEstimateID);
    if (!estimate) throw notFound('ShipEstimate', selection.ShipEstimateID);
    const methods = Array.isArray(estimate.ShipMethods) ? (estimate.ShipMethods as Item[]) : [];
    if (!methods.some((method) => method.ID === selection.ShipMethodID)) {
      throw notFound('ShipMethod', selection.ShipMethodID);
    }
    chosen.set(selection.ShipEstimateID, selection.ShipMethodID);
  }
  return {
    ...response,
    ShipEstimates: estimates.map((estimate) => ({
      ...estimate,
      SelectedShipMethodID: chosen.get(String(estimate.ID)) ?? null,
    })),
  };
}

/**
 * `IntegrationEvents.SelectShipmethods`: selects a ship method of each named estimate (others keep
 * theirs); the order's ShippingCost becomes the sum of the selected methods' costs.
 */
export async function selectShipMethods(context: OperationContext): Promise<Item> {
  const selections = selectionsOf(context);
  return storeCheckout(context, async (store, order, state) => {
    const response = applySelections(state.ShipEstimateResponse, selections);
    await saveOrder(store, { ...order, ShippingCost: selectedShippingCost(response) });
    return { ...state, ShipEstimateResponse: response };
  });
}

/**
 * What a successful OrderCalculateResponse does to the order: unit price overrides on its line
 * items (kept as overridden prices, so later repricing leaves them), and ShippingTotal, TaxTotal
 * and FeeTotal as its ShippingCost, TaxCost and Fees when given.
 */
async function applyCalculation(store: Store, order: Item, response: Item): Promise<void> {
  const orderId = String(order.ID);
  const overrides = Array.isArray(response.LineItemOverrides) ? (response.LineItemOverrides as Item[]) : [];
  for (const override of overrides) {
    if (typeof override.UnitPrice !== 'number') continue;
    const line = await store.get('LineItems', [orderId], String(override.LineItemID));
    // A line removed while the middleware worked has nothing left to price.
    if (!line) continue;
    const quantity = typeof line.Quantity === 'number' ? line.Quantity : 0;
    const discount = typeof line.PromotionDiscount === 'number' ? line.PromotionDiscount : 0;
    await store.put('LineItems', [orderId], {
      ...line,
      UnitPrice: override.UnitPrice,
      PriceOverridden: true,
      ...lineAmounts(override.UnitPrice, quantity, discount),
    });
  }
  const costs: Item = {};
  if (typeof response.ShippingTotal === 'number') costs.ShippingCost = response.ShippingTotal;
  if (typeof response.TaxTotal === 'number') costs.TaxCost = response.TaxTotal;
  if (typeof response.FeeTotal === 'number') costs.Fees = response.FeeTotal;
  if (Object.keys(costs).length > 0) await saveOrder(store, { ...order, ...costs });
}

/** `IntegrationEvents.Calculate`: the middleware's totals and price overrides are applied to the order. */
export async function calculateOrder(context: OperationContext): Promise<Item> {
  const reply = await askMiddleware(context, 'ordercalculate');
  const orderId = context.params.orderID ?? '';
  const lineIds = new Set((await lineItemsOf(context.store, orderId)).map((line) => String(line.ID)));
  const read: ReadResponse = readOrderCalculateResponse(reply, lineIds);
  return storeCheckout(
    context,
    async (store, order, state) => {
      if (read.failure) return { ...state, OrderCalculateResponse: read.response, CalculatedCart: null };
      await applyCalculation(store, order, read.response);
      const fresh = await store.require('Orders', [], String(order.ID), 'Order');
      return {
        ...state,
        OrderCalculateResponse: read.response,
        CalculatedCart: await cartFingerprint(store, fresh, state),
      };
    },
    read.failure,
  );
}

/** `IntegrationEvents.GetWorksheet`: the order's worksheet, for anyone who may see the order. */
export async function getWorksheet(context: OperationContext): Promise<Item> {
  return worksheetOf(context, await requireOrderOfPath(context));
}
