import { describe, expect, it } from 'vitest';
import { ExpressionEvaluationError } from './errors.ts';
import { evaluateBoolean, evaluateExpression, evaluateNumber } from './evaluate.ts';
import { contextFor, lineItems, NOW } from './fixtures.ts';
import { parseExpression } from './parser.ts';

const context = contextFor();
const holds = (text: string, ctx = context) => evaluateBoolean(text, ctx);
const amount = (text: string, ctx = context) => evaluateNumber(text, ctx);
function value(text: string, ctx = context) {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return evaluateExpression(parsed.ast, ctx);
}

describe('paths', () => {
  it('are null when missing, at any depth', () => {
    expect(value('order.xp.Missing')).toBeNull();
    expect(value('order.xp.Missing.Deeper')).toBeNull();
    expect(value('order.Total.Foo')).toBeNull();
    expect(holds('order.xp.Missing = null')).toBe(true);
    expect(holds('order.xp.Missing <> null')).toBe(false);
    expect(holds('order.Total <> null')).toBe(true);
    expect(holds('order.Total = null')).toBe(false);
  });

  it('match property names and roots ignoring case', () => {
    expect(value('ORDER.subtotal')).toBe(79);
    expect(value('order.fromuser.XP.tier')).toBe('Gold');
    expect(holds("ITEMS.ANY(productid = 'bike-1')")).toBe(true);
    // An exact key wins over a differently-cased one.
    expect(value('order.xp.a', contextFor({ order: { xp: { A: 1, a: 2 } } }))).toBe(2);
  });

  it('mean nothing when bare at the top, and the line item inside filters', () => {
    expect(value('Subtotal')).toBeNull();
    expect(holds("items.any(ProductID = 'BELL-1' and Quantity = 3)")).toBe(true);
    expect(holds("items.any(item.ProductID = 'BELL-1')")).toBe(true);
    expect(holds('items.any(order.Total = 98 and LineSubtotal = 9)')).toBe(true);
  });

  it('reach the current line item through item and product at the top', () => {
    const withItem = contextFor({ item: lineItems()[1] });
    expect(value('item.Quantity', withItem)).toBe(2);
    expect(value('product.Name', withItem)).toBe('Helmet');
    expect(value('item.Quantity')).toBeNull();
  });
});

describe('comparison', () => {
  it('compares numbers numerically, numeric text included', () => {
    expect(holds('order.Total > 97.99 and order.Total < 98.01 and order.Total >= 98 and order.Total <= 98')).toBe(true);
    expect(holds('order.xp.Score > 9')).toBe(true); // '42' > 9, not '42' < '9'
    expect(holds('order.xp.Score = 42')).toBe(true);
    expect(holds("order.Total = 'abc'")).toBe(false);
  });

  it('compares strings ignoring case', () => {
    expect(holds("order.xp.Region = 'NORTH'")).toBe(true);
    expect(holds("order.xp.Region <> 'north'")).toBe(false);
    expect(holds("order.xp.Region > 'MIDDLE' and order.xp.Region < 'south'")).toBe(true);
  });

  it('supports * wildcards in string equality', () => {
    expect(holds("order.xp.Region = 'No*'")).toBe(true);
    expect(holds("order.xp.Region = '*RTH'")).toBe(true);
    expect(holds("order.xp.Region = 'N*h'")).toBe(true);
    expect(holds("order.xp.Region = 'S*'")).toBe(false);
    expect(holds("order.xp.Region = 'Nor'")).toBe(false);
    expect(holds("'No*' = order.xp.Region")).toBe(true);
    expect(holds("order.xp.Region <> 'No*'")).toBe(false);
    // Regex characters in the pattern are plain text.
    expect(holds("order.xp.Code = 'a.c*'", contextFor({ order: { xp: { Code: 'a.cde' } } }))).toBe(true);
    expect(holds("order.xp.Code = 'a.c*'", contextFor({ order: { xp: { Code: 'abcde' } } }))).toBe(false);
  });

  it('is false for ordering against null', () => {
    for (const op of ['<', '>', '<=', '>=']) {
      expect(holds(`order.xp.Missing ${op} 5`), op).toBe(false);
      expect(holds(`5 ${op} order.xp.Missing`), op).toBe(false);
    }
  });

  it('compares booleans, with true/false text from xp', () => {
    expect(holds('order.xp.Rush = true')).toBe(true);
    expect(holds('order.xp.Rush = false')).toBe(false);
    expect(holds('order.xp.Flag = true', contextFor({ order: { xp: { Flag: 'True' } } }))).toBe(true);
    expect(holds('order.xp.Flag = true', contextFor({ order: { xp: { Flag: 'yes' } } }))).toBe(false);
  });
});

describe('dates', () => {
  it('compare ISO strings in the data with date literals', () => {
    expect(holds('order.DateSubmitted > #6/10/2024#')).toBe(true);
    expect(holds('order.DateSubmitted < #6/10/2024 12:00:01#')).toBe(true);
    expect(holds('order.DateSubmitted = #6/10/2024 12:00 PM#')).toBe(true);
    expect(holds('order.DateSubmitted < #6/10/2024#')).toBe(false);
    expect(holds('order.DateSubmitted < #1/1/2030#')).toBe(true); // as dates; as text '2024…' < '#1…' would be false
  });

  it('read zone-less date-times as UTC', () => {
    expect(
      holds('#1/2/2024 3:00#  = order.xp.When', contextFor({ order: { xp: { When: '2024-01-02T03:00:00' } } })),
    ).toBe(true);
  });

  it('now(days) is the clock moved by days', () => {
    expect(value('now()')).toEqual(NOW);
    expect(value('now(-30)')).toEqual(new Date('2024-05-16T00:00:00.000Z'));
    expect(value('now(1.5)')).toEqual(new Date('2024-06-16T12:00:00.000Z'));
    expect(holds('order.DateSubmitted > now(-7)')).toBe(true);
    expect(holds('order.DateSubmitted > now(-4)')).toBe(false);
    expect(value('now(0)', { order: {}, items: [] })).toBeInstanceOf(Date);
  });

  it('move by days with + and -, and subtract to days', () => {
    expect(value('#6/15/2016# + 1')).toEqual(new Date('2016-06-16T00:00:00.000Z'));
    expect(value('#6/15/2016# - 15')).toEqual(new Date('2016-05-31T00:00:00.000Z'));
    expect(value('#6/15/2016# - #6/10/2016#')).toBe(5);
    expect(value('#6/15/2016# * 2')).toBeNull();
  });
});

describe('arithmetic', () => {
  it('follows precedence', () => {
    expect(amount('2 + 3 * 4')).toBe(14);
    expect(amount('(2 + 3) * 4')).toBe(20);
    expect(amount('10 - 4 - 3')).toBe(3);
    expect(amount('24 / 4 / 2')).toBe(3);
    expect(amount('17 % 5')).toBe(2);
    expect(amount('-order.Subtotal + 100')).toBe(21);
    expect(amount('- -2')).toBe(2);
  });

  it('treats null as 0, and gives null for division by zero and non-numbers', () => {
    expect(amount('order.xp.Missing + 5')).toBe(5);
    expect(amount('order.xp.Missing * 5')).toBe(0);
    expect(value('order.Total / 0')).toBeNull();
    expect(value('order.Total % 0')).toBeNull();
    expect(value("order.Total + 'abc'")).toBeNull();
    expect(amount('order.xp.Score + 1')).toBe(43);
    expect(amount('order.xp.Missing')).toBe(0);
  });

  it('min and max', () => {
    expect(amount('min(order.Subtotal * .1, 20)')).toBeCloseTo(7.9);
    expect(amount('max(order.Subtotal * .1, 20)')).toBe(20);
    expect(amount('min(order.xp.Missing, 5)')).toBe(0);
    expect(value("max('a', 5)")).toBeNull();
  });
});

describe('logic', () => {
  it('counts only true as true', () => {
    expect(holds('not order.xp.Missing')).toBe(true);
    expect(holds('order.xp.Missing or order.Total > 1')).toBe(true);
    expect(holds('order.Total and true')).toBe(false);
    expect(holds('not (order.Total > 1 and order.xp.Rush)')).toBe(false);
    expect(holds('order.xp.Flag', contextFor({ order: { xp: { Flag: 'TRUE' } } }))).toBe(true);
  });

  it('short-circuits, so an unknown function on the dead side is never reached', () => {
    expect(holds('false and nosuch(1)')).toBe(false);
    expect(holds('true or nosuch(1)')).toBe(true);
    expect(() => holds('true and nosuch(1)')).toThrow(ExpressionEvaluationError);
  });
});

describe('collection functions on items', () => {
  it('any, all, count, quantity, total, with and without a filter', () => {
    expect(holds("items.any(CostCenter = 'XYZ')")).toBe(true);
    expect(holds("items.any(CostCenter = 'NOPE')")).toBe(false);
    expect(holds('items.all(Quantity >= 1)')).toBe(true);
    expect(holds('items.all(Quantity >= 2)')).toBe(false);
    expect(amount('items.count()')).toBe(3);
    expect(amount('items.count(Product.xp.OnSale = true)')).toBe(2);
    expect(amount('items.quantity()')).toBe(6);
    expect(amount("items.quantity(SupplierID = 'S1')")).toBe(4);
    expect(amount('items.total()')).toBe(79);
    expect(amount('items.total(Quantity > 1)')).toBe(29);
    expect(amount('items.count(CostCenter = null)')).toBe(1);
  });

  it('treat an order without lines as: any false, all true, sums 0', () => {
    const empty = contextFor({ items: [] });
    expect(holds('items.any(true)', empty)).toBe(false);
    expect(holds('items.all(false)', empty)).toBe(true);
    expect(amount('items.total() + items.quantity() + items.count()', empty)).toBe(0);
  });

  it('incategory, bare or through item, from productCategories', () => {
    expect(amount("items.count(product.incategory('outdoor'))")).toBe(2);
    expect(amount("items.quantity(item.Product.InCategory('Accessories'))")).toBe(3);
    expect(holds("items.any(Product.incategory('Nope'))")).toBe(false);
    expect(holds("items.any(Product.incategory('Bikes'))", contextFor({ productCategories: undefined }))).toBe(false);
  });
});

describe('array functions', () => {
  it('contains, count, any, all with item as the element', () => {
    expect(holds("order.xp.Tags.contains('TAG-VIP')")).toBe(true);
    expect(holds("order.xp.Tags.contains('tag-old')")).toBe(false);
    expect(holds("order.xp.Tags.contains('tag-*')")).toBe(true);
    expect(amount("order.xp.Tags.count(item = '*vip')")).toBe(1);
    expect(amount('order.xp.Tags.count()')).toBe(2);
    expect(holds("order.xp.Tags.any(item = 'tag-new')")).toBe(true);
    expect(holds("order.xp.Tags.all(item = 'tag-new')")).toBe(false);
    expect(holds("items.any(Product.xp.Colors.contains('black'))")).toBe(true);
    expect(amount("items.count(Product.xp.Colors.any(item = 'b*'))")).toBe(2);
  });

  it('see elements of object arrays through item and bare names', () => {
    const ctx = contextFor({
      order: {
        xp: {
          Lines: [
            { Sku: 'A', Qty: 2 },
            { Sku: 'B', Qty: 5 },
          ],
        },
      },
    });
    expect(amount('order.xp.Lines.count(item.Qty > 1)', ctx)).toBe(2);
    expect(amount("order.xp.Lines.count(Sku = 'b')", ctx)).toBe(1);
  });

  it('treat a missing array as empty (all is false), and contains on text as a substring test', () => {
    expect(holds("order.xp.Nope.any(item = 'x')")).toBe(false);
    expect(holds("order.xp.Nope.all(item = 'x')")).toBe(false);
    expect(amount('order.xp.Nope.count()')).toBe(0);
    expect(holds("order.xp.Region.contains('ort')")).toBe(true);
  });
});

describe('in', () => {
  it('tests a value against a list, as = compares, free or called on a path', () => {
    expect(holds("in(order.xp.Region, 'East', 'North')")).toBe(true);
    expect(holds("in(order.xp.Region, 'East', 'West')")).toBe(false);
    expect(holds("order.xp.Region.in('east', 'NORTH')")).toBe(true);
    expect(holds("order.xp.Region.in('South')")).toBe(false);
    expect(holds("in(order.xp.Region, 'No*')")).toBe(true);
    expect(holds('in(order.xp.Score, 1, 42)')).toBe(true); // numeric text against numbers
    expect(holds("in(order.xp.Missing, 'a', null)")).toBe(true);
    expect(holds("in(order.xp.Missing, 'a', 'b')")).toBe(false);
  });

  it('runs on line items inside filters and on the current line item', () => {
    expect(amount("items.count(ProductID.in('BIKE-1', 'BELL-1'))")).toBe(2);
    expect(amount("items.quantity(in(SupplierID, 'S2', 'S3'))")).toBe(2);
    expect(holds("item.ProductID.in('helmet-1')", contextFor({ item: lineItems()[1] }))).toBe(true);
  });

  it('counts the elements of a list given as a candidate', () => {
    const ctx = contextFor({ order: { xp: { Region: 'West', Allowed: ['East', 'West'] } } });
    expect(holds('in(order.xp.Region, order.xp.Allowed)', ctx)).toBe(true);
    expect(holds("order.xp.Region.in('North', order.xp.Allowed)", ctx)).toBe(true);
    expect(holds("in('South', order.xp.Allowed)", ctx)).toBe(false);
  });
});

describe('round', () => {
  it('rounds to the given decimals, halves away from zero', () => {
    expect(amount('round(2.345, 2)')).toBe(2.35);
    expect(amount('round(2.344, 2)')).toBe(2.34);
    expect(amount('round(-2.5)')).toBe(-3);
    expect(amount('round(2.5, 0)')).toBe(3);
    expect(amount('round(order.Subtotal / 3, 2)')).toBe(26.33);
    expect(amount('round(order.Subtotal * 0.075, 1)')).toBe(5.9);
    expect(amount('round(7, 2)')).toBe(7);
  });

  it('rounds decimals that floating point holds just below the half as written', () => {
    expect(amount('round(1.005, 2)')).toBe(1.01);
    expect(amount('round(8.345, 2)')).toBe(8.35);
    expect(amount('round(1.255, 2)')).toBe(1.26);
    expect(amount('round(0.1 + 0.2, 1)')).toBe(0.3);
    expect(Object.is(amount('round(-0.001, 2)'), 0)).toBe(true);
  });

  it('treats null as 0 and gives null for non-numbers and digits it cannot use', () => {
    expect(amount('round(order.xp.Missing, 2)')).toBe(0);
    expect(value("round('abc', 2)")).toBeNull();
    expect(value('round(1.5, order.xp.Region)')).toBeNull();
    expect(value('round(1.5, 0.5)')).toBeNull();
    expect(value('round(1.5, -1)')).toBeNull();
    expect(amount('round(order.xp.Score, 0)')).toBe(42);
  });
});

describe('if and ifs', () => {
  it('give the value after the first condition that holds, else the last', () => {
    expect(amount('if(order.Subtotal > 50, 10, 5)')).toBe(10);
    expect(amount('if(order.Subtotal > 100, 10, 5)')).toBe(5);
    expect(value("if(order.xp.Rush, 'fast', 'slow')")).toBe('fast');
    // Only true holds: a missing value is not a condition that holds.
    expect(amount('if(order.xp.Missing, 1, 2)')).toBe(2);
    const tiers = 'ifs(order.Subtotal >= 100, 15, order.Subtotal >= 50, 10, 5)';
    expect(amount(tiers)).toBe(10);
    expect(amount(tiers, contextFor({ order: { Subtotal: 120 } }))).toBe(15);
    expect(amount(tiers, contextFor({ order: { Subtotal: 20 } }))).toBe(5);
  });

  it('evaluate only the chosen value', () => {
    expect(amount('if(true, 1, nosuch(1))')).toBe(1);
    expect(() => amount('if(false, 1, nosuch(1))')).toThrow(ExpressionEvaluationError);
  });

  it('nest with the other functions, as a value expression would', () => {
    expect(amount("round(if(in(order.xp.Region, 'North'), order.Subtotal * 0.125, 0), 2)")).toBe(9.88);
    expect(holds("if(order.xp.Rush, items.any(CostCenter = 'ABC'), false)")).toBe(true);
  });
});

describe('product.inparentcategory', () => {
  it('holds for the categories a product is in and every ancestor of them', () => {
    const withBike = contextFor({ item: lineItems()[0] });
    expect(holds("item.product.inparentcategory('Bikes')", withBike)).toBe(true);
    expect(holds("item.product.inparentcategory('sports')", withBike)).toBe(true);
    expect(holds("item.product.inparentcategory('Outdoor')", withBike)).toBe(true);
    expect(holds("item.product.inparentcategory('Accessories')", withBike)).toBe(false);
    // incategory stays direct: Sports is only an ancestor.
    expect(holds("item.product.incategory('Sports')", withBike)).toBe(false);
    expect(amount("items.count(product.inparentcategory('Sports'))")).toBe(2);
    expect(amount("items.total(Product.InParentCategory('Accessories'))")).toBe(9);
  });

  it('falls back to the direct categories without ancestry, and is false without either', () => {
    const direct = contextFor({ productCategoriesWithAncestors: undefined });
    expect(amount("items.count(product.inparentcategory('Outdoor'))", direct)).toBe(2);
    expect(amount("items.count(product.inparentcategory('Sports'))", direct)).toBe(0);
    const none = contextFor({ productCategoriesWithAncestors: undefined, productCategories: undefined });
    expect(holds("items.any(product.inparentcategory('Bikes'))", none)).toBe(false);
  });
});

describe('order.approved', () => {
  it('asks the context, and is false without it', () => {
    expect(holds("order.approved('RULE1')")).toBe(false); // rule ids are passed as written
    expect(holds("order.approved('rule1')")).toBe(true);
    expect(holds("order.approved('rule1')", contextFor({ isApproved: undefined }))).toBe(false);
    expect(holds("orderReturn.approved('rule1')")).toBe(true);
  });
});

describe('errors while evaluating', () => {
  it('throws ExpressionEvaluationError carrying the error for parse failures, unknown functions and arity', () => {
    const caught = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        if (error instanceof ExpressionEvaluationError) return error.error;
        throw error;
      }
      throw new Error('did not throw');
    };
    expect(caught(() => holds('order.Total >'))).toMatchObject({ code: 'Expression.InvalidSyntax', position: 13 });
    expect(caught(() => amount('foo(1)'))).toMatchObject({ code: 'Expression.InvalidFunction', position: 0 });
    expect(caught(() => amount('min(1)'))).toMatchObject({ code: 'Expression.InvalidArguments', position: 0 });
    expect(caught(() => amount('ifs(true, 1, false, 2)'))).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(caught(() => holds("in('a')"))).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(caught(() => amount('order.Total > 5'))).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(caught(() => amount('order.xp.Region'))).toMatchObject({ message: expect.stringContaining('"North"') });
  });
});
