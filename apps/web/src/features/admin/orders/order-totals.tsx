import { DataList, Text } from '@chakra-ui/react';
import type { Item } from '../lib/admin-api';
import { formatMoney } from './money';

function amount(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The rows of an order's totals: subtotal, shipping, tax, any gratuity or fees, the promotion discount taken
 * off, and the total. A discount reads as a minus; fees and gratuity show only when charged.
 *
 * @example
 * totalRows({ Subtotal: 100, ShippingCost: 5, TaxCost: 7.25, PromotionDiscount: 10, Total: 102.25 }, 'USD');
 * // [['Subtotal', '$100.00'], ['Shipping', '$5.00'], ['Tax', '$7.25'], ['Promotion discount', '−$10.00'],
 * //  ['Total', '$102.25']]
 */
export function totalRows(order: Item, currency: string): [label: string, value: string][] {
  const money = (name: string) => formatMoney(amount(order[name]) ?? 0, currency);
  const rows: [string, string][] = [
    ['Subtotal', money('Subtotal')],
    ['Shipping', money('ShippingCost')],
    ['Tax', money('TaxCost')],
  ];
  if ((amount(order.Gratuity) ?? 0) !== 0) rows.push(['Gratuity', money('Gratuity')]);
  if ((amount(order.Fees) ?? 0) !== 0) rows.push(['Fees', money('Fees')]);
  const discount = amount(order.PromotionDiscount) ?? 0;
  rows.push([
    'Promotion discount',
    discount > 0 ? `\u2212${formatMoney(discount, currency)}` : money('PromotionDiscount'),
  ]);
  rows.push(['Total', formatMoney(amount(order.Total), currency)]);
  return rows;
}

/** An order's totals in its currency, the total last and in bold, as on an invoice. */
export function OrderTotals({ order, currency }: { order: Item; currency: string }) {
  const rows = totalRows(order, currency);
  return (
    <>
      <DataList.Root size="sm" orientation="horizontal" gap="1">
        {rows.map(([label, value]) => {
          const isTotal = label === 'Total';
          return (
            <DataList.Item key={label} pt={isTotal ? '2' : undefined} borderTopWidth={isTotal ? '1px' : undefined}>
              <DataList.ItemLabel minW="40" fontWeight={isTotal ? 'semibold' : undefined}>
                {label}
              </DataList.ItemLabel>
              <DataList.ItemValue
                justifyContent="flex-end"
                fontVariantNumeric="tabular-nums"
                fontWeight={isTotal ? 'semibold' : undefined}
              >
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList.Root>
      <Text fontSize="xs" color="fg.muted" mt="2">
        Amounts in {currency}.
      </Text>
    </>
  );
}
