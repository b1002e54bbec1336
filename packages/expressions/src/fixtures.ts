import type { ExpressionContext } from './evaluate.ts';

/** Test data: an order of three line items (not exported from the package). */
export const NOW = new Date('2024-06-15T00:00:00.000Z');

export const CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  'BIKE-1': ['Bikes', 'Outdoor'],
  'HELMET-1': ['Safety', 'Outdoor'],
  'BELL-1': ['Accessories'],
};

/** The tree above those categories: Bikes and Safety sit under Sports > Outdoor; Accessories is top level. */
export const CATEGORY_PARENTS: Readonly<Record<string, string>> = {
  Bikes: 'Sports',
  Safety: 'Sports',
  Sports: 'Outdoor',
};

/** A product's categories and all their ancestors, from CATEGORIES and CATEGORY_PARENTS. */
export function categoriesWithAncestors(productId: string): string[] {
  const found = new Set<string>();
  for (let category of CATEGORIES[productId] ?? []) {
    for (;;) {
      found.add(category);
      const parent = CATEGORY_PARENTS[category];
      if (parent === undefined) break;
      category = parent;
    }
  }
  return [...found];
}

export function lineItems(): Record<string, unknown>[] {
  return [
    {
      ID: 'L1',
      ProductID: 'BIKE-1',
      Quantity: 1,
      UnitPrice: 50,
      LineSubtotal: 50,
      CostCenter: 'ABC',
      SupplierID: 'S1',
      Product: { ID: 'BIKE-1', Name: 'Road bike', xp: { OnSale: true, Color: 'Red', Colors: ['red', 'black'] } },
      xp: { Gift: true },
    },
    {
      ID: 'L2',
      ProductID: 'HELMET-1',
      Quantity: 2,
      UnitPrice: 10,
      LineSubtotal: 20,
      CostCenter: 'XYZ',
      SupplierID: 'S2',
      Product: { ID: 'HELMET-1', Name: 'Helmet', xp: { OnSale: true, Color: 'Blue', Colors: ['blue'] } },
      xp: {},
    },
    {
      ID: 'L3',
      ProductID: 'BELL-1',
      Quantity: 3,
      UnitPrice: 3,
      LineSubtotal: 9,
      CostCenter: null,
      SupplierID: 'S1',
      Product: { ID: 'BELL-1', Name: 'Bell', xp: { OnSale: false } },
      xp: {},
    },
  ];
}

export function orderFixture(): Record<string, unknown> {
  return {
    ID: 'O1',
    Status: 'Open',
    Subtotal: 79,
    ShippingCost: 12.5,
    TaxCost: 6.5,
    Total: 98,
    DateSubmitted: '2024-06-10T12:00:00Z',
    DateCreated: '2024-04-01T08:00:00.000Z',
    FromUser: { ID: 'u1', Username: 'ann', xp: { Tier: 'Gold' } },
    BillingAddress: { Country: 'US', City: 'Minneapolis' },
    xp: { Tags: ['tag-new', 'tag-vip'], Rush: true, Region: 'North', Score: '42' },
  };
}

/** The fixture order as an evaluation context; `overrides` replace whole keys. */
export function contextFor(overrides: Partial<ExpressionContext> = {}): ExpressionContext {
  const items = lineItems();
  return {
    order: orderFixture(),
    items,
    now: NOW,
    isApproved: (ruleId) => ruleId === 'rule1',
    productCategories: (productId) => CATEGORIES[productId] ?? [],
    productCategoriesWithAncestors: categoriesWithAncestors,
    ...overrides,
  };
}
