import type { Item } from '../engine/item.ts';

/** A price break as stored on a price schedule. */
export interface PriceBreakLike {
  Quantity: number;
  Price: number | null;
  SalePrice?: number | null;
  SubscriptionPrice?: number | null;
}

/** The price schedule fields pricing reads. */
export interface PriceScheduleLike {
  MinQuantity?: number | null;
  MaxQuantity?: number | null;
  UseCumulativeQuantity?: boolean | null;
  RestrictedQuantity?: boolean | null;
  PriceBreaks?: readonly PriceBreakLike[] | null;
  SaleStart?: string | null;
  SaleEnd?: string | null;
}

/** Which price of a break applies: line items of orders, or items of a subscription. */
export type PriceKind = 'order' | 'subscription';

/** A spec choice on a line item, with the option's markup copied onto it. */
export interface SpecMarkupLike {
  PriceMarkupType?: string | null;
  PriceMarkup?: number | null;
}

/** A rule of a price schedule the quantity breaks, with the platform's error code. */
export interface QuantityProblem {
  code: string;
  message: string;
}

/**
 * Money to four decimal places: enough to keep every real price exact while dropping binary
 * floating-point noise (19.99 * 3 is 59.97, not 59.970000000000006).
 */
export function roundMoney(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function breaksOf(schedule: PriceScheduleLike): PriceBreakLike[] {
  return [...(schedule.PriceBreaks ?? [])]
    .filter((priceBreak) => typeof priceBreak.Quantity === 'number')
    .sort((a, b) => a.Quantity - b.Quantity);
}

/**
 * Whether the schedule is on sale at `now`: a break has a sale price and `now` lies between
 * SaleStart and SaleEnd, a missing bound leaving that side open.
 */
export function isSaleActive(schedule: PriceScheduleLike, now: Date): boolean {
  if (!breaksOf(schedule).some((priceBreak) => typeof priceBreak.SalePrice === 'number')) return false;
  const start = schedule.SaleStart ? Date.parse(schedule.SaleStart) : undefined;
  const end = schedule.SaleEnd ? Date.parse(schedule.SaleEnd) : undefined;
  const time = now.getTime();
  return (start === undefined || start <= time) && (end === undefined || time <= end);
}

/**
 * The break that prices `quantity`: the one with the highest Quantity not above it. A quantity
 * below every break (a schedule starting at 10) still gets the smallest break's price.
 */
export function selectPriceBreak(
  breaks: readonly PriceBreakLike[] | null | undefined,
  quantity: number,
): PriceBreakLike | undefined {
  const sorted = breaksOf({ PriceBreaks: breaks ?? [] });
  let chosen = sorted[0];
  for (const priceBreak of sorted) if (priceBreak.Quantity <= quantity) chosen = priceBreak;
  return chosen;
}

/**
 * The unit price of `quantity` units (the line's, or the order's total of the product when the
 * schedule counts cumulatively): the break's SalePrice while on sale, its SubscriptionPrice for
 * subscription items when set, else its Price. Null when the schedule has no breaks.
 */
export function unitPriceFor(
  schedule: PriceScheduleLike,
  quantity: number,
  now: Date,
  kind: PriceKind = 'order',
): { unitPrice: number | null; isOnSale: boolean } {
  const priceBreak = selectPriceBreak(schedule.PriceBreaks, quantity);
  if (!priceBreak) return { unitPrice: null, isOnSale: false };
  if (kind === 'subscription' && typeof priceBreak.SubscriptionPrice === 'number') {
    return { unitPrice: priceBreak.SubscriptionPrice, isOnSale: false };
  }
  const onSale = isSaleActive(schedule, now) && typeof priceBreak.SalePrice === 'number';
  if (onSale) return { unitPrice: priceBreak.SalePrice as number, isOnSale: true };
  return { unitPrice: typeof priceBreak.Price === 'number' ? priceBreak.Price : null, isOnSale: false };
}

/**
 * The first quantity rule of the schedule that `quantity` breaks. With UseCumulativeQuantity the
 * limits apply to `cumulativeQuantity` (every line of the product on the order) and the errors are
 * the Cumulative ones.
 */
export function quantityProblem(
  schedule: PriceScheduleLike,
  quantity: number,
  cumulativeQuantity: number = quantity,
): QuantityProblem | undefined {
  const cumulative = schedule.UseCumulativeQuantity === true;
  const counted = cumulative ? cumulativeQuantity : quantity;
  const prefix = cumulative ? 'PriceSchedule.Cumulative' : 'PriceSchedule.';
  const label = cumulative ? 'Cumulative quantity' : 'Quantity';
  if (schedule.RestrictedQuantity === true && !breaksOf(schedule).some((b) => b.Quantity === counted)) {
    return {
      code: `${prefix}QuantityNotAllowed`,
      message: `${label} ${counted} is not allowed: only the quantities of the price breaks may be ordered.`,
    };
  }
  const min = typeof schedule.MinQuantity === 'number' ? schedule.MinQuantity : 1;
  if (counted < min) {
    return {
      code: `${prefix}CannotBeLessThanMin`,
      message: `${label} ${counted} is below the minimum of ${min}.`,
    };
  }
  const max = schedule.MaxQuantity;
  if (typeof max === 'number' && counted > max) {
    return { code: `${prefix}CannotExceedMax`, message: `${label} ${counted} exceeds the maximum of ${max}.` };
  }
  return undefined;
}

/**
 * The unit price after spec markups: AmountPerQuantity adds to every unit, Percentage adds a share
 * of the base price, AmountTotal adds once to the line (so its share per unit).
 */
export function applySpecMarkups(unitPrice: number, quantity: number, specs: readonly SpecMarkupLike[]): number {
  let price = unitPrice;
  for (const spec of specs) {
    const markup = num(spec.PriceMarkup);
    if (markup === 0) continue;
    if (spec.PriceMarkupType === 'AmountPerQuantity') price += markup;
    else if (spec.PriceMarkupType === 'Percentage') price += (unitPrice * markup) / 100;
    else if (spec.PriceMarkupType === 'AmountTotal' && quantity > 0) price += markup / quantity;
  }
  return roundMoney(price);
}

/** LineSubtotal = UnitPrice × Quantity; LineTotal = LineSubtotal − PromotionDiscount. */
export function lineAmounts(
  unitPrice: number | null,
  quantity: number,
  promotionDiscount = 0,
): { LineSubtotal: number; LineTotal: number } {
  const subtotal = roundMoney(num(unitPrice) * quantity);
  return { LineSubtotal: subtotal, LineTotal: roundMoney(subtotal - num(promotionDiscount)) };
}

/** Total = Subtotal + ShippingCost + TaxCost + Gratuity + Fees − PromotionDiscount, never below 0. */
export function orderTotal(order: Item): number {
  const total = roundMoney(
    num(order.Subtotal) +
      num(order.ShippingCost) +
      num(order.TaxCost) +
      num(order.Gratuity) +
      num(order.Fees) -
      num(order.PromotionDiscount),
  );
  return Math.max(total, 0);
}

/** The order figures that follow from its line items: count, subtotal and total. */
export function orderTotals(
  order: Item,
  lineItems: readonly Item[],
): { LineItemCount: number; Subtotal: number; Total: number } {
  const subtotal = roundMoney(lineItems.reduce((sum, line) => sum + num(line.LineSubtotal), 0));
  return { LineItemCount: lineItems.length, Subtotal: subtotal, Total: orderTotal({ ...order, Subtotal: subtotal }) };
}
