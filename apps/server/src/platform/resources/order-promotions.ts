import { requireOrderOfPath } from '../orders/access.ts';
import { parentChecked } from '../orders/operation-helpers.ts';
import { addPromotion, removePromotion } from '../orders/order-promotions.ts';
import { ORDER_PROMOTIONS } from '../orders/promotion-discounts.ts';
import { bool, date, decimal, defineModel, model, readOnly, text } from './fields.ts';
import { promotionFields } from './promotions.ts';
import type { Item } from '../engine/item.ts';
import type { ResourceDefinition, RoleSet } from './types.ts';

/** A promotion applied to an order, with the discount it gives (per line item for line-item-level ones). */
export const orderPromotionModel = defineModel('OrderPromotion', {
  Amount: readOnly(decimal()),
  LineItemID: readOnly(text()),
  AmountOverridden: readOnly(bool()),
  DateApplied: readOnly(date()),
  ...promotionFields,
});

const ROLES: RoleSet = { read: ['OrderAdmin', 'Shopper', 'OrderReader'], write: ['OrderAdmin', 'Shopper'] };
const PATH = '/orders/{direction}/{orderID}/promotions';

/** A stored record as the API shows it: the promotion's ID, whichever key the record is stored under. */
function presentRecord(record: Item): Item {
  const { PromotionID: promotionId, ID: storageId, ...rest } = record;
  const shown: Item = {};
  for (const field of Object.keys(orderPromotionModel.fields)) {
    if (field === 'ID') shown.ID = promotionId ?? storageId;
    else if (field in rest) shown[field] = rest[field];
  }
  return shown;
}

/**
 * The promotions applied to orders, published as `Orders.ListPromotions`, `Orders.AddPromotion` and
 * `Orders.RemovePromotion`. Records are written by the promotion logic only.
 */
const orderPromotions: ResourceDefinition = {
  name: ORDER_PROMOTIONS,
  section: 'OrdersAndFulfillment',
  description:
    'The promotions applied to an order, each with the discount it gives: one entry per discounted line item ' +
    'for line-item-level promotions.',
  noun: { singular: 'order promotion', plural: 'order promotions' },
  path: PATH,
  scopeParams: ['direction'],
  model: orderPromotionModel,
  requiredOnCreate: [],
  roles: ROLES,
  operations: ['List'],
  operationOwner: 'Orders',
  operationNames: { List: 'ListPromotions' },
  searchable: ['ID', 'Name', 'Code', 'Description', 'FinePrint', 'EligibleExpression', 'ValueExpression'],
  sortable: [
    'Name',
    'ID',
    'Code',
    'DateApplied',
    'StartDate',
    'ExpirationDate',
    'EligibleExpression',
    'ValueExpression',
    'CanCombine',
    'AutoApply',
    'Active',
    'Priority',
  ],
  hooks: {
    listScope: parentChecked(requireOrderOfPath),
    present: async (item) => presentRecord(item),
  },
  extraOperations: [
    {
      name: 'AddPromotion',
      method: 'POST',
      path: `${PATH}/{promoCode}`,
      roles: ROLES.write,
      summary: 'Add a promotion to an order.',
      description:
        'Applies the promotion with this code when it is active, within its dates, available to the buyer, ' +
        'combinable with the promotions already applied, not used up, and the order (or one of its line items, ' +
        'for line-item-level promotions) meets its eligibility rule. Promotions are evaluated again on submit.',
      response: { status: 201, schema: model('OrderPromotion') },
      handler: addPromotion,
    },
    {
      name: 'RemovePromotion',
      method: 'DELETE',
      path: `${PATH}/{promoCode}`,
      roles: ROLES.write,
      summary: 'Remove a promotion from an order.',
      description: 'Answers the order with its discount and totals without the promotion.',
      response: { status: 200, schema: model('Order') },
      handler: removePromotion,
    },
  ],
};

/** Applied promotions of orders. */
export const orderPromotionResources: readonly ResourceDefinition[] = [orderPromotions];
