// MONEY
// Amounts of orders, line items and payments are shown in the order's currency, else the price schedule's,
// else USD (spec 2 §3, §9).

/** Spec 2 §9: the default price currency. */
export const DEFAULT_CURRENCY = 'USD';

function currencyText(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : null;
}

/**
 * The currency to show: the first valid ISO 4217 code among the sources, else USD.
 *
 * @example
 * currencyOf({ Currency: 'EUR' }, { Currency: 'GBP' }); // 'EUR'
 * currencyOf(undefined, { Currency: 'gbp' }); // 'GBP'
 * currencyOf({ Currency: '' }); // 'USD'
 */
export function currencyOf(...sources: readonly (Readonly<Record<string, unknown>> | null | undefined)[]): string {
  for (const source of sources) {
    const code = currencyText(source?.Currency);
    if (code) return code;
  }
  return DEFAULT_CURRENCY;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // A code Intl does not know (e.g. 'XYZ' typed by hand) still shows the amount, in USD.
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: DEFAULT_CURRENCY });
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * An amount in a currency; '—' when there is no number.
 *
 * @example
 * formatMoney(1234.5, 'USD'); // '$1,234.50'
 * formatMoney(20, 'EUR'); // '€20.00'
 * formatMoney(undefined); // '—'
 */
export function formatMoney(amount: unknown, currency: string = DEFAULT_CURRENCY): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  return formatterFor(currency).format(amount);
}
