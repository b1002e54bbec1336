import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderSummary } from './order-summary';
import { ShipmentSummary } from './shipment-summary';

afterEach(cleanup);

function valueOf(section: HTMLElement, label: string): string {
  const labelElement = within(section).getByText(label);
  return labelElement.nextElementSibling?.textContent ?? '';
}

describe('OrderSummary', () => {
  it("shows status, money in the order's currency and dates in UTC", () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <OrderSummary
          order={{
            ID: 'o1',
            Status: 'AwaitingApproval',
            Currency: 'EUR',
            Subtotal: 1200,
            ShippingCost: 15.5,
            Total: 1215.5,
            DateSubmitted: '2024-03-05T23:30:00Z',
          }}
        />
      </ChakraProvider>,
    );
    const section = screen.getByRole('region', { name: 'Order summary' });
    expect(valueOf(section, 'Status')).toBe('Awaiting approval');
    expect(valueOf(section, 'Subtotal')).toBe('€1,200.00');
    expect(valueOf(section, 'Total')).toBe('€1,215.50');
    expect(valueOf(section, 'Submitted')).toBe('5 Mar 2024');
    expect(within(section).queryByText('Completed')).toBeNull();
  });

  it('reads an unknown status as Completed and money in USD without a currency', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <OrderSummary order={{ ID: 'o2', Status: 'Shipped', Total: 10 }} />
      </ChakraProvider>,
    );
    const section = screen.getByRole('region', { name: 'Order summary' });
    expect(valueOf(section, 'Status')).toBe('Completed');
    expect(valueOf(section, 'Total')).toBe('$10.00');
  });
});

describe('ShipmentSummary', () => {
  it('shows carrier, tracking and dates', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <ShipmentSummary
          shipment={{ Shipper: 'Parcel Co', TrackingNumber: 'T-1', DateShipped: '2024-12-31T23:59:00Z' }}
        />
      </ChakraProvider>,
    );
    const section = screen.getByRole('region', { name: 'Shipment summary' });
    expect(valueOf(section, 'Shipper')).toBe('Parcel Co');
    expect(valueOf(section, 'Shipped')).toBe('31 Dec 2024');
  });
});
