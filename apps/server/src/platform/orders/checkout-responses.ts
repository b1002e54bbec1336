import type { Item } from '../engine/item.ts';
import { validation, type ApiError } from '../engine/errors.ts';
import { filled } from '../engine/values.ts';
import type { MiddlewareReply } from './checkout-middleware.ts';

/**
 * What the checkout middleware's answers become once read: the ShipEstimateResponse and
 * OrderCalculateResponse stored on the worksheet, and the 400 a failed call answers. Only the
 * parts the platform acts on are checked strictly (ids, costs, prices); the rest is kept as sent.
 */

/** A stored response and, when the call failed, the error to answer once it is stored. */
export interface ReadResponse {
  response: Item;
  failure?: ApiError;
}

/** Longest middleware error body kept on the worksheet; a huge HTML error page is cut. */
const MAX_ERROR_BODY = 10_000;

const isRecord = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optionalAmount = (value: unknown): boolean => value === undefined || value === null || isAmount(value);
const xpOf = (value: unknown): Item | null => (isRecord(value) ? value : null);
const listOf = (value: unknown): unknown[] | undefined =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : undefined;

/** Thrown inside the readers when the answer does not have the shape of the contract. */
class ShapeProblem extends Error {}
const shape = (message: string): never => {
  throw new ShapeProblem(message);
};

function failure(label: string, reply: MiddlewareReply, problem?: string): { failure: ApiError; fields: Item } {
  const status = reply.status;
  const body = reply.ok ? reply.raw : reply.errorBody;
  const unhandled = body.length > MAX_ERROR_BODY ? body.slice(0, MAX_ERROR_BODY) : body;
  const why = problem ?? (reply.ok ? '' : reply.reason);
  return {
    fields: { HttpStatusCode: status, UnhandledErrorBody: unhandled, xp: null, Succeeded: false },
    failure: validation(
      `The checkout integration failed to ${label}. ${why}`,
      { HttpStatusCode: status, UnhandledErrorBody: unhandled },
      'IntegrationEvent.BadRequest',
    ),
  };
}

/** The fields every middleware response carries when the answer was usable. */
function succeeded(reply: MiddlewareReply, body: Item): Item {
  return { HttpStatusCode: reply.status, UnhandledErrorBody: null, xp: xpOf(body.xp), Succeeded: true };
}

function shipMethodOf(raw: unknown, where: string): Item {
  if (!isRecord(raw) || !filled(raw.ID)) return shape(`${where} has no ID.`);
  if (!isAmount(raw.Cost) || raw.Cost < 0) return shape(`${where} (${raw.ID}) needs a Cost of 0 or more.`);
  return {
    ID: raw.ID,
    Name: typeof raw.Name === 'string' ? raw.Name : null,
    Cost: raw.Cost,
    EstimatedTransitDays: isAmount(raw.EstimatedTransitDays) ? Math.trunc(raw.EstimatedTransitDays) : null,
    xp: xpOf(raw.xp),
  };
}

function shipEstimateOf(raw: unknown, index: number, seen: Set<string>): Item {
  const where = `ShipEstimates[${index}]`;
  if (!isRecord(raw) || !filled(raw.ID)) return shape(`${where} has no ID.`);
  if (seen.has(raw.ID)) return shape(`Two ship estimates have the ID ${raw.ID}.`);
  seen.add(raw.ID);
  const methods = listOf(raw.ShipMethods) ?? shape(`${where}.ShipMethods must be a list.`);
  const items = listOf(raw.ShipEstimateItems) ?? shape(`${where}.ShipEstimateItems must be a list.`);
  const methodIds = new Set<string>();
  const shipMethods = methods.map((method, at) => {
    const read = shipMethodOf(method, `${where}.ShipMethods[${at}]`);
    if (methodIds.has(String(read.ID))) shape(`${where} has two ship methods with the ID ${String(read.ID)}.`);
    methodIds.add(String(read.ID));
    return read;
  });
  return {
    ID: raw.ID,
    xp: xpOf(raw.xp),
    // The selection is the buyer's to make (SelectShipmethods), never the middleware's.
    SelectedShipMethodID: null,
    ShipEstimateItems: items.map((item) => ({
      LineItemID: isRecord(item) && typeof item.LineItemID === 'string' ? item.LineItemID : null,
      Quantity: isRecord(item) && isAmount(item.Quantity) ? Math.trunc(item.Quantity) : null,
    })),
    ShipMethods: shipMethods,
  };
}

/** The ShipEstimateResponse to store for the middleware's answer to `/shippingrates`. */
export function readShipEstimateResponse(reply: MiddlewareReply): ReadResponse {
  if (!reply.ok) {
    const failed = failure('estimate shipping', reply);
    return { response: { ShipEstimates: [], ...failed.fields }, failure: failed.failure };
  }
  try {
    const body = isRecord(reply.body) ? reply.body : shape('The answer must be a JSON object.');
    const estimates = listOf(body.ShipEstimates) ?? shape('ShipEstimates must be a list.');
    const seen = new Set<string>();
    return {
      response: {
        ShipEstimates: estimates.map((estimate, index) => shipEstimateOf(estimate, index, seen)),
        ...succeeded(reply, body),
      },
    };
  } catch (error) {
    if (!(error instanceof ShapeProblem)) throw error;
    const failed = failure(
      'estimate shipping',
      reply,
      `Its answer was not a valid ShipEstimateResponse: ${error.message}`,
    );
    return { response: { ShipEstimates: [], ...failed.fields }, failure: failed.failure };
  }
}

function lineItemOverrideOf(raw: unknown, index: number, lineIds: ReadonlySet<string>): Item {
  const where = `LineItemOverrides[${index}]`;
  if (!isRecord(raw) || !filled(raw.LineItemID)) return shape(`${where} has no LineItemID.`);
  if (!lineIds.has(raw.LineItemID))
    return shape(`${where} names ${raw.LineItemID}, which is not a line item of the order.`);
  if (!optionalAmount(raw.UnitPrice) || (isAmount(raw.UnitPrice) && raw.UnitPrice < 0)) {
    return shape(`${where}.UnitPrice must be a number of 0 or more.`);
  }
  return {
    LineItemID: raw.LineItemID,
    UnitPrice: isAmount(raw.UnitPrice) ? raw.UnitPrice : null,
    Product: isRecord(raw.Product) ? raw.Product : null,
    PromotionOverrides: Array.isArray(raw.PromotionOverrides) ? raw.PromotionOverrides : [],
    InventoryRecordID: typeof raw.InventoryRecordID === 'string' ? raw.InventoryRecordID : null,
    Remove: typeof raw.Remove === 'boolean' ? raw.Remove : null,
  };
}

const TOTALS = ['ShippingTotal', 'TaxTotal', 'FeeTotal'] as const;

/** The OrderCalculateResponse to store for the middleware's answer to `/ordercalculate`. */
export function readOrderCalculateResponse(reply: MiddlewareReply, lineIds: ReadonlySet<string>): ReadResponse {
  const failedResponse = (failed: { failure: ApiError; fields: Item }): ReadResponse => ({
    response: { LineItemOverrides: [], ShippingTotal: null, TaxTotal: null, FeeTotal: null, ...failed.fields },
    failure: failed.failure,
  });
  if (!reply.ok) return failedResponse(failure('calculate the order', reply));
  try {
    const body = isRecord(reply.body) ? reply.body : shape('The answer must be a JSON object.');
    for (const total of TOTALS) {
      if (!optionalAmount(body[total]) || (isAmount(body[total]) && body[total] < 0)) {
        shape(`${total} must be a number of 0 or more, or null.`);
      }
    }
    const overrides = listOf(body.LineItemOverrides) ?? shape('LineItemOverrides must be a list.');
    const amount = (value: unknown): number | null => (isAmount(value) ? value : null);
    return {
      response: {
        LineItemOverrides: overrides.map((override, index) => lineItemOverrideOf(override, index, lineIds)),
        ShippingTotal: amount(body.ShippingTotal),
        TaxTotal: amount(body.TaxTotal),
        FeeTotal: amount(body.FeeTotal),
        ...succeeded(reply, body),
      },
    };
  } catch (error) {
    if (!(error instanceof ShapeProblem)) throw error;
    return failedResponse(
      failure('calculate the order', reply, `Its answer was not a valid OrderCalculateResponse: ${error.message}`),
    );
  }
}
