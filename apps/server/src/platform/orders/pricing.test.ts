import { describe, expect, it } from 'vitest';
import {
  applySpecMarkups,
  isSaleActive,
  lineAmounts,
  orderTotal,
  orderTotals,
  quantityProblem,
  roundMoney,
  selectPriceBreak,
  unitPriceFor,
  type PriceScheduleLike,
} from './pricing.ts';

const NOW = new Date('2024-05-01T10:00:00.000Z');
const schedule: PriceScheduleLike = {
  MinQuantity: 1,
  MaxQuantity: 100,
  // The sale starts after NOW, so the regular prices apply unless a test moves it.
  SaleStart: '2024-06-01T00:00:00Z',
  PriceBreaks: [
    { Quantity: 10, Price: 8, SalePrice: 6 },
    { Quantity: 1, Price: 10, SalePrice: 7, SubscriptionPrice: 9 },
    { Quantity: 50, Price: 5 },
  ],
};

describe('price breaks', () => {
  it('picks the break with the highest quantity not above the quantity', () => {
    expect(selectPriceBreak(schedule.PriceBreaks, 1)?.Price).toBe(10);
    expect(selectPriceBreak(schedule.PriceBreaks, 9)?.Price).toBe(10);
    expect(selectPriceBreak(schedule.PriceBreaks, 10)?.Price).toBe(8);
    expect(selectPriceBreak(schedule.PriceBreaks, 499)?.Price).toBe(5);
  });

  it('prices quantities below every break at the smallest break', () => {
    expect(selectPriceBreak([{ Quantity: 5, Price: 3 }], 2)?.Price).toBe(3);
    expect(selectPriceBreak([], 2)).toBeUndefined();
  });
});

describe('unit prices', () => {
  it('uses the regular price when no sale runs', () => {
    expect(unitPriceFor(schedule, 12, NOW)).toEqual({ unitPrice: 8, isOnSale: false });
  });

  it('uses the sale price while the sale runs, with open bounds', () => {
    const onSale = { ...schedule, SaleStart: '2024-04-01T00:00:00Z', SaleEnd: '2024-06-01T00:00:00Z' };
    expect(isSaleActive(onSale, NOW)).toBe(true);
    expect(unitPriceFor(onSale, 12, NOW)).toEqual({ unitPrice: 6, isOnSale: true });
    expect(unitPriceFor({ ...schedule, SaleStart: '2024-04-01T00:00:00Z' }, 1, NOW).unitPrice).toBe(7);
    expect(unitPriceFor({ ...schedule, SaleStart: null }, 1, NOW).unitPrice).toBe(7);
    expect(unitPriceFor({ ...schedule, SaleStart: null, SaleEnd: '2024-04-30T00:00:00Z' }, 1, NOW).unitPrice).toBe(10);
    expect(unitPriceFor(schedule, 1, NOW).unitPrice).toBe(10);
  });

  it('falls back to the regular price for a break without a sale price during a sale', () => {
    expect(unitPriceFor({ ...schedule, SaleStart: '2024-04-01T00:00:00Z' }, 60, NOW)).toEqual({
      unitPrice: 5,
      isOnSale: false,
    });
  });

  it('uses subscription prices for subscription items when the break has one', () => {
    const onSale = { ...schedule, SaleStart: null };
    expect(unitPriceFor(onSale, 1, NOW, 'subscription').unitPrice).toBe(9);
    expect(unitPriceFor(onSale, 10, NOW, 'subscription')).toEqual({ unitPrice: 6, isOnSale: true });
  });

  it('has no price without breaks', () => {
    expect(unitPriceFor({ PriceBreaks: [] }, 1, NOW)).toEqual({ unitPrice: null, isOnSale: false });
  });
});

describe('quantity rules', () => {
  it('checks minimum and maximum', () => {
    expect(quantityProblem({ MinQuantity: 5 }, 4)?.code).toBe('PriceSchedule.CannotBeLessThanMin');
    expect(quantityProblem({ MinQuantity: 5 }, 5)).toBeUndefined();
    expect(quantityProblem({ MaxQuantity: 5 }, 6)?.code).toBe('PriceSchedule.CannotExceedMax');
  });

  it('only allows break quantities when restricted', () => {
    const restricted = {
      RestrictedQuantity: true,
      PriceBreaks: [
        { Quantity: 6, Price: 1 },
        { Quantity: 12, Price: 1 },
      ],
    };
    expect(quantityProblem(restricted, 7)?.code).toBe('PriceSchedule.QuantityNotAllowed');
    expect(quantityProblem(restricted, 12)).toBeUndefined();
  });

  it('counts the whole order with cumulative quantities', () => {
    const cumulative = { UseCumulativeQuantity: true, MinQuantity: 10, MaxQuantity: 20 };
    expect(quantityProblem(cumulative, 4, 8)?.code).toBe('PriceSchedule.CumulativeCannotBeLessThanMin');
    expect(quantityProblem(cumulative, 4, 12)).toBeUndefined();
    expect(quantityProblem(cumulative, 4, 21)?.code).toBe('PriceSchedule.CumulativeCannotExceedMax');
  });
});

describe('spec markups', () => {
  it('adds per unit, percentage and per line markups', () => {
    expect(applySpecMarkups(10, 4, [{ PriceMarkupType: 'AmountPerQuantity', PriceMarkup: 1.5 }])).toBe(11.5);
    expect(applySpecMarkups(10, 4, [{ PriceMarkupType: 'Percentage', PriceMarkup: 20 }])).toBe(12);
    expect(applySpecMarkups(10, 4, [{ PriceMarkupType: 'AmountTotal', PriceMarkup: 2 }])).toBe(10.5);
    expect(applySpecMarkups(10, 4, [{ PriceMarkupType: 'NoMarkup', PriceMarkup: 2 }, { PriceMarkup: null }])).toBe(10);
  });
});

describe('totals', () => {
  it('rounds away floating-point noise', () => {
    expect(roundMoney(19.99 * 3)).toBe(59.97);
    expect(lineAmounts(19.99, 3)).toEqual({ LineSubtotal: 59.97, LineTotal: 59.97 });
  });

  it('takes the promotion discount off the line total', () => {
    expect(lineAmounts(10, 3, 5)).toEqual({ LineSubtotal: 30, LineTotal: 25 });
    expect(lineAmounts(null, 3)).toEqual({ LineSubtotal: 0, LineTotal: 0 });
  });

  it('adds shipping, tax, gratuity and fees and takes the promotion discount off the order total', () => {
    const order = { Subtotal: 100, ShippingCost: 10, TaxCost: 8.25, Gratuity: 5, Fees: 1.75, PromotionDiscount: 20 };
    expect(orderTotal(order)).toBe(105);
    expect(orderTotal({ Subtotal: 12.5, ShippingCost: null })).toBe(12.5);
  });

  it('sums line subtotals into the order', () => {
    const lines = [{ LineSubtotal: 59.97 }, { LineSubtotal: 0.1 }, { LineSubtotal: 0.2 }];
    expect(orderTotals({ ShippingCost: 5 }, lines)).toEqual({ LineItemCount: 3, Subtotal: 60.27, Total: 65.27 });
    expect(orderTotals({}, [])).toEqual({ LineItemCount: 0, Subtotal: 0, Total: 0 });
  });
});
