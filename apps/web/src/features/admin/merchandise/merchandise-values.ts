import { currencyOf, formatMoney } from '../orders/money';
import type { Item } from '../lib/admin-api';

// MERCHANDISE VALUES
// What a products list and a product's page show of a product as merchandise: its price (the default price
// schedule's first break, in the schedule's currency), its stock and its picture. Pure functions over the items
// the platform returns, so the list and the detail page say the same thing.

/** Shown when a product has no price to show: no default schedule, a schedule not found, or one without breaks. */
export const NO_PRICE = '—';
export const NOT_TRACKED = 'Not tracked';

/** Where a product's picture is read by default: the public platform's sample data keeps it at xp.Images[0].Url. */
export const DEFAULT_IMAGE_FIELD = 'xp.Images.0.Url';

export interface PriceBreak {
  readonly quantity: number;
  readonly price: number;
  readonly salePrice: number | null;
}

function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The schedule's breaks in quantity order; malformed entries (no numeric price) are left out. */
export function priceBreaksOf(schedule: Item | undefined): PriceBreak[] {
  const breaks = Array.isArray(schedule?.PriceBreaks) ? (schedule.PriceBreaks as unknown[]) : [];
  return breaks
    .flatMap((entry): PriceBreak[] => {
      const record = (entry ?? {}) as Item;
      const price = numberOr(record.Price, null);
      if (price === null) return [];
      return [{ quantity: numberOr(record.Quantity, 1), price, salePrice: numberOr(record.SalePrice, null) }];
    })
    .sort((a, b) => a.quantity - b.quantity);
}

/** The schedule's currency, USD when it names none (spec 2 §9). */
export function scheduleCurrency(schedule: Item | undefined): string {
  return currencyOf(schedule);
}

/**
 * The product's price as a list shows it: the first break of its schedule, in the schedule's currency.
 *
 * @example
 * formatProductPrice({ Currency: 'EUR', PriceBreaks: [{ Quantity: 1, Price: 20 }] }); // '€20.00'
 * formatProductPrice(undefined); // '—'
 */
export function formatProductPrice(schedule: Item | undefined): string {
  const [first] = priceBreaksOf(schedule);
  return first ? formatMoney(first.price, scheduleCurrency(schedule)) : NO_PRICE;
}

/** The product's default price schedule ID, or null when it has none. */
export function defaultScheduleId(product: Item): string | null {
  const id = product.DefaultPriceScheduleID;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * The default schedule IDs of a page of products, once each, in page order. IDs holding the list syntax's own
 * characters (`|` separates alternatives, `*` is a wildcard, a leading `!` negates) cannot be asked for in one
 * `ID=a|b|c` filter and are left out: those products show no price rather than a wrong one.
 */
export function pageScheduleIds(products: readonly Item[]): string[] {
  const ids = products.flatMap((product) => defaultScheduleId(product) ?? []);
  return [...new Set(ids)].filter((id) => !/[|*]/.test(id) && !id.startsWith('!'));
}

/** The stock as a list shows it: QuantityAvailable, or 'Not tracked' when inventory is off. */
export function inventoryText(product: Item): string {
  const inventory = (product.Inventory ?? null) as Item | null;
  if (!inventory || inventory.Enabled !== true) return NOT_TRACKED;
  const available = numberOr(inventory.QuantityAvailable, null);
  return available === null ? '0 available' : `${new Intl.NumberFormat('en-US').format(available)} available`;
}

/** The value at a dotted path (`xp.Images.0.Url`): numeric segments index arrays. */
function valueAt(item: Item, path: string): unknown {
  let current: unknown = item;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * The product's picture as an absolute http(s) URL, or null. The value at `field` may be absolute or relative: a
 * relative one (the demo data's `/content/images/...`) is resolved against the marketplace API's own address,
 * which is the server holding the product. Anything else (javascript:, data:, a number) is no picture.
 *
 * @example
 * productImageUrl({ xp: { Images: [{ Url: '/content/images/products/tent-red.svg' }] } }, 'xp.Images.0.Url',
 *   'http://localhost:4000/platform'); // 'http://localhost:4000/content/images/products/tent-red.svg'
 */
export function productImageUrl(product: Item, field: string, apiBaseUrl: string): string | null {
  const value = valueAt(product, field.trim() || DEFAULT_IMAGE_FIELD);
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), apiBaseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'Active' / 'Inactive' and the variants count, as the detail summary states them. */
export function variantsText(product: Item): string {
  const count = numberOr(product.VariantCount, 0);
  return count === 1 ? '1 variant' : `${count} variants`;
}
