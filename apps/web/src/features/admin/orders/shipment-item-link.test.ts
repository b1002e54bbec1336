import { describe, expect, it } from 'vitest';
import { collectionByKey } from '../catalogue/catalogue';
import { shipmentItemHref, specialRowHref } from './shipment-item-link';

describe('shipmentItemHref', () => {
  it("opens the item's line item on the incoming order", () => {
    expect(shipmentItemHref({ OrderID: 'o1', LineItemID: 'li 1' })).toBe('/admin/orders/incoming/o1/line-items/li%201');
  });

  it('opens nothing without both ids', () => {
    expect(shipmentItemHref({ OrderID: 'o1' })).toBeNull();
    expect(shipmentItemHref({ LineItemID: 'li1', OrderID: '' })).toBeNull();
  });
});

describe('specialRowHref', () => {
  it('links only shipment items', () => {
    const item = { OrderID: 'o1', LineItemID: 'li1' };
    const items = collectionByKey('shipments.shipment-items');
    expect(specialRowHref({ collection: items, params: { shipmentID: 's1' }, item })).toBe(
      '/admin/orders/incoming/o1/line-items/li1',
    );
    expect(specialRowHref({ collection: collectionByKey('shipments'), params: {}, item })).toBeNull();
  });
});
