import type { SampleSteps } from './sample-steps.ts';
import type { Created, Item } from './sample-values.ts';

/** How the factory makes objects of resources without a Create operation (see sample-bodies.ts). */

/** Paths of the actions makers call: an order's (`.../submit`) and an order return's. */
export const ORDER_PATH = '/orders/{direction}/{orderID}';
const RETURN_PATH = '/orderreturns/{returnID}';

/**
 * How to make an object of a resource that has no Create operation, through the operations that
 * do make one; `params` are the path parameters of its collection, parents already created.
 */
type Maker = (factory: SampleSteps, params: Readonly<Record<string, string>>, depth: number) => Promise<Created>;

/** Makers of resources whose objects only come from other operations (a submit, a save of an item). */
export const MAKERS: Readonly<Record<string, Maker>> = {
  // order-actions.ts submitOrder: an approval is opened for each approval rule that holds when the order is submitted.
  OrderApprovals: async (factory, params, depth) => {
    const orderId = params.orderID ?? '';
    await factory.create(factory.resource('LineItems'), params, depth + 1);
    await factory.holdForApproval('Order', orderId, depth);
    const submitted = await factory.expect('POST', `${factory.url(ORDER_PATH, params)}/submit`, undefined, 201);
    return factory.onlyItem('OrderApprovals', params, { Status: 'AwaitingApproval' }, submitted);
  },
  // order-promotions.ts addPromotion (Orders.AddPromotion): a promotion open to every buyer that any order meets.
  OrderPromotions: async (factory, params, depth) => {
    await factory.create(factory.resource('LineItems'), params, depth + 1);
    const promotion = { Code: `sample-${params.orderID ?? ''}`, EligibleExpression: 'true', ValueExpression: '1' };
    const created = await factory.expect('POST', '/promotions', { ...promotion, AllowAllBuyers: true }, 201);
    const applied = await factory.expect(
      'POST',
      `${factory.url(ORDER_PATH, params)}/promotions/${String(created.Code)}`,
      undefined,
      201,
    );
    return factory.onlyItem('OrderPromotions', params, { ID: created.ID }, applied);
  },
  // order-returns.ts submitReturn: the same for an order return, under the rules of type OrderReturn (which look at
  // the return's order). A return is submitted with items to return or a refund amount.
  OrderReturnApprovals: async (factory, params, depth) => {
    const returnUrl = factory.url(RETURN_PATH, params);
    const orderReturn = await factory.expect('GET', returnUrl, undefined, 200);
    await factory.holdForApproval('OrderReturn', String(orderReturn.OrderID), depth);
    await factory.expect('PATCH', returnUrl, { RefundAmount: 1 }, 200);
    const submitted = await factory.expect('POST', `${returnUrl}/submit`, undefined, 201);
    return factory.onlyItem('OrderReturnApprovals', params, { Status: 'AwaitingApproval' }, submitted);
  },
  // product-variants.ts generateVariants: a variant comes from a variant-defining spec with an option. The product
  // tracks stock per variant, which inventory-records.ts requires of variant-level inventory records.
  Variants: async (factory, params) => {
    const productId = params.productID ?? '';
    const spec = await factory.expect(
      'POST',
      '/specs',
      { Name: 'Sample size', DefinesVariant: true, Required: true },
      201,
    );
    await factory.expect('POST', `/specs/${String(spec.ID)}/options`, { Value: 'Sample' }, 201);
    await factory.expect('POST', '/specs/productassignments', { SpecID: spec.ID, ProductID: productId }, 204);
    const inventory = { Enabled: true, VariantLevelTracking: true };
    await factory.expect('PATCH', `/products/${productId}`, { Inventory: inventory }, 200);
    await factory.expect('POST', `/products/${productId}/variants/generate`, undefined, 201);
    const collection = factory.url(factory.resource('Variants').path, params);
    const [item] = ((await factory.expect('GET', collection, undefined, 200)).Items as Item[] | undefined) ?? [];
    if (!item) throw new Error(`Generating a sample variant of ${productId} made none`);
    return { item, body: {}, params, url: `${collection}/${String(item.ID)}` };
  },
  // shipments.ts saveItem (Shipments.SaveItem): units of a line item of an Open order go onto the shipment.
  ShipmentItems: async (factory, params, depth) => {
    const { order, lineItem } = await factory.submittedOrder(depth);
    const body: Item = { OrderID: order.ID, LineItemID: lineItem.ID, QuantityShipped: lineItem.Quantity };
    const collection = factory.url(factory.resource('ShipmentItems').path, params);
    const item = await factory.expect('POST', collection, body, 200);
    return { item, body, params, url: `${collection}/${String(order.ID)}/${String(lineItem.ID)}` };
  },
};
