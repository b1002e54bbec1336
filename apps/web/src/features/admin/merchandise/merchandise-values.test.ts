import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_FIELD,
  formatProductPrice,
  inventoryText,
  NO_PRICE,
  NOT_TRACKED,
  pageScheduleIds,
  priceBreaksOf,
  productImageUrl,
  variantsText,
} from './merchandise-values';

const API = 'http://localhost:4000/platform';

describe('formatProductPrice', () => {
  it("shows the first break's price in the schedule's currency", () => {
    const schedule = {
      Currency: 'EUR',
      PriceBreaks: [
        { Quantity: 10, Price: 18 },
        { Quantity: 1, Price: 20 },
      ],
    };
    expect(formatProductPrice(schedule)).toBe('€20.00');
    expect(formatProductPrice({ Currency: 'JPY', PriceBreaks: [{ Quantity: 1, Price: 1500 }] })).toBe('¥1,500');
  });

  it('uses USD when the schedule names no currency', () => {
    expect(formatProductPrice({ PriceBreaks: [{ Quantity: 1, Price: 1234.5 }] })).toBe('$1,234.50');
  });

  it('shows a dash without a schedule, without breaks, or with breaks lacking a price', () => {
    expect(formatProductPrice(undefined)).toBe(NO_PRICE);
    expect(formatProductPrice({ Currency: 'USD', PriceBreaks: [] })).toBe(NO_PRICE);
    expect(formatProductPrice({ Currency: 'USD' })).toBe(NO_PRICE);
    expect(formatProductPrice({ PriceBreaks: [{ Quantity: 1, Price: null }] })).toBe(NO_PRICE);
  });
});

describe('priceBreaksOf', () => {
  it('orders breaks by quantity and keeps sale prices', () => {
    expect(
      priceBreaksOf({
        PriceBreaks: [
          { Quantity: 5, Price: 9, SalePrice: 7 },
          { Quantity: 1, Price: 10 },
        ],
      }),
    ).toEqual([
      { quantity: 1, price: 10, salePrice: null },
      { quantity: 5, price: 9, salePrice: 7 },
    ]);
  });
});

describe('pageScheduleIds', () => {
  it('asks for each default schedule once and skips ids the OR filter cannot carry', () => {
    const products = [
      { DefaultPriceScheduleID: 'PS-1' },
      { DefaultPriceScheduleID: 'PS-2' },
      { DefaultPriceScheduleID: 'PS-1' },
      { DefaultPriceScheduleID: null },
      { DefaultPriceScheduleID: 'a|b' },
      { DefaultPriceScheduleID: 'sale*' },
      { DefaultPriceScheduleID: '!x' },
      {},
    ];
    expect(pageScheduleIds(products)).toEqual(['PS-1', 'PS-2']);
  });
});

describe('inventoryText', () => {
  it('shows the quantity available when inventory is tracked', () => {
    expect(inventoryText({ Inventory: { Enabled: true, QuantityAvailable: 1250 } })).toBe('1,250 available');
    expect(inventoryText({ Inventory: { Enabled: true, QuantityAvailable: null } })).toBe('0 available');
  });

  it("says 'Not tracked' when inventory is off or absent", () => {
    expect(inventoryText({ Inventory: { Enabled: false, QuantityAvailable: 40 } })).toBe(NOT_TRACKED);
    expect(inventoryText({ Inventory: null })).toBe(NOT_TRACKED);
    expect(inventoryText({})).toBe(NOT_TRACKED);
  });
});

describe('productImageUrl', () => {
  it('reads xp.Images[0].Url by default and resolves a relative URL against the API origin', () => {
    const product = { xp: { Images: [{ Url: '/content/images/products/tent-red.svg' }, { Url: '/other.svg' }] } };
    expect(productImageUrl(product, DEFAULT_IMAGE_FIELD, API)).toBe(
      'http://localhost:4000/content/images/products/tent-red.svg',
    );
  });

  it('keeps an absolute URL and reads a field chosen for the marketplace', () => {
    const product = { xp: { Photo: 'https://cdn.example/p/1.jpg', Images: [] } };
    expect(productImageUrl(product, 'xp.Photo', API)).toBe('https://cdn.example/p/1.jpg');
    expect(productImageUrl(product, DEFAULT_IMAGE_FIELD, API)).toBeNull();
    // A blank setting falls back to the default field.
    expect(productImageUrl({ xp: { Images: [{ Url: 'https://x.example/a.png' }] } }, ' ', API)).toBe(
      'https://x.example/a.png',
    );
  });

  it('gives no picture for missing values, non-strings and schemes other than http(s)', () => {
    expect(productImageUrl({}, DEFAULT_IMAGE_FIELD, API)).toBeNull();
    expect(productImageUrl({ xp: { Images: [{ Url: 42 }] } }, DEFAULT_IMAGE_FIELD, API)).toBeNull();
    expect(productImageUrl({ xp: { Images: [{ Url: 'javascript:alert(1)' }] } }, DEFAULT_IMAGE_FIELD, API)).toBeNull();
    expect(
      productImageUrl({ xp: { Images: [{ Url: 'data:image/png;base64,AA' }] } }, DEFAULT_IMAGE_FIELD, API),
    ).toBeNull();
    expect(productImageUrl({ xp: { Images: 'nope' } }, DEFAULT_IMAGE_FIELD, API)).toBeNull();
  });
});

describe('variantsText', () => {
  it('counts variants in words', () => {
    expect(variantsText({ VariantCount: 1 })).toBe('1 variant');
    expect(variantsText({ VariantCount: 12 })).toBe('12 variants');
    expect(variantsText({})).toBe('0 variants');
  });
});
