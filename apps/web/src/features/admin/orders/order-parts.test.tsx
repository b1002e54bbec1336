import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderDates } from './order-dates';
import { OrderTotals, totalRows } from './order-totals';
import { ShipmentSummary } from './shipment-summary';

afterEach(cleanup);

function valueOf(section: HTMLElement, label: string): string {
  const labelElement = within(section).getByText(label);
  return labelElement.nextElementSibling?.textContent ?? '';
}

function inChakra(node: ReactNode) {
  return render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);
}

describe('totalRows', () => {
  it('adds up an order in its currency, the discount as a minus, fees only when charged', () => {
    const order = { Subtotal: 1200, ShippingCost: 15.5, TaxCost: 87, PromotionDiscount: 20, Fees: 0, Total: 1282.5 };
    expect(totalRows(order, 'EUR')).toEqual([
      ['Subtotal', '€1,200.00'],
      ['Shipping', '€15.50'],
      ['Tax', '€87.00'],
      ['Promotion discount', '\u2212€20.00'],
      ['Total', '€1,282.50'],
    ]);
  });

  it('shows gratuity and fees when the order has them, and a dash for a missing total', () => {
    const rows = totalRows({ Subtotal: 10, Gratuity: 2, Fees: 1 }, 'USD');
    expect(rows).toContainEqual(['Gratuity', '$2.00']);
    expect(rows).toContainEqual(['Fees', '$1.00']);
    expect(rows).toContainEqual(['Promotion discount', '$0.00']);
    expect(rows.at(-1)).toEqual(['Total', '—']);
  });
});

describe('OrderTotals', () => {
  it('names the currency of the amounts', () => {
    inChakra(<OrderTotals order={{ Subtotal: 10, Total: 10 }} currency="GBP" />);
    expect(screen.getByText('Amounts in GBP.')).toBeTruthy();
    expect(valueOf(document.body, 'Total')).toBe('£10.00');
  });
});

describe('OrderDates', () => {
  it('shows the dates an order has in UTC and leaves out the others', () => {
    inChakra(
      <OrderDates
        order={{ DateCreated: '2024-03-04T09:00:00Z', DateSubmitted: '2024-03-05T23:30:00Z', DateCompleted: null }}
      />,
    );
    expect(valueOf(document.body, 'Submitted')).toBe('5 Mar 2024, 23:30 UTC');
    expect(valueOf(document.body, 'Created')).toBe('4 Mar 2024, 09:00 UTC');
    expect(screen.queryByText('Completed')).toBeNull();
  });

  it('says a cart is not submitted', () => {
    inChakra(<OrderDates order={{ DateCreated: '2024-03-04T09:00:00Z' }} />);
    expect(valueOf(document.body, 'Submitted')).toBe('Not submitted');
  });
});

describe('ShipmentSummary', () => {
  it('shows carrier, tracking, dates and where it goes', () => {
    inChakra(
      <ShipmentSummary
        shipment={{
          Shipper: 'Parcel Co',
          TrackingNumber: 'T-1',
          DateShipped: '2024-12-31T23:59:00Z',
          ToAddress: { Street1: '1 Main St', City: 'Boulder', State: 'CO', Zip: '80302' },
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Shipment summary' });
    expect(valueOf(section, 'Shipper')).toBe('Parcel Co');
    expect(valueOf(section, 'Shipped')).toBe('31 Dec 2024, 23:59 UTC');
    expect(valueOf(section, 'Ship to')).toBe('1 Main StBoulder, CO 80302');
  });
});
