import type { Item } from '../engine/item.ts';
import { validation } from '../engine/errors.ts';
import { buyerPartyAssignment } from './catalog-rules.ts';
import { bool, date, defineModel, id, int, readOnly, text, xp } from './fields.ts';
import { withOwnerId } from './owner.ts';
import type { ResourceDefinition, WriteContext } from './types.ts';
import { withdrawPromotion } from '../orders/order-promotions.ts';
import { assertValidExpression } from '../orders/rule-expressions.ts';

/** Fields of a promotion, which an order's applied promotions (OrderPromotion) show as well. */
export const promotionFields = {
  ID: id(),
  LineItemLevel: bool({ description: 'When true, the discount applies to each eligible line item.' }),
  Code: text(100, { description: 'Unique code a shopper enters to apply the promotion.' }),
  Name: text(100),
  RedemptionLimit: int(),
  RedemptionLimitPerUser: int(),
  RedemptionCount: readOnly(int()),
  QuantityLimitPerOrder: int(),
  ItemLimitPerOrder: int(),
  ItemSortBy: text(),
  Description: text(2000),
  FinePrint: text(2000),
  StartDate: date(),
  ExpirationDate: date(),
  // Stored as text for now; expressions are parsed and checked in a later step.
  EligibleExpression: text(400, { description: 'Rule deciding whether an order or line item qualifies.' }),
  ValueExpression: text(400, { description: 'Rule computing the discount amount.' }),
  CanCombine: bool(),
  AllowAllBuyers: bool(),
  OwnerID: text(),
  AutoApply: bool({ default: false }),
  Active: bool({ default: true }),
  UseIntegration: bool(),
  Priority: int(),
  xp: xp(),
};

export const promotionModel = defineModel('Promotion', promotionFields);

const promotionAssignmentModel = defineModel('PromotionAssignment', {
  PromotionID: text(),
  BuyerID: text(),
  UserGroupID: text(),
});

const has = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
/**
 * A per-order limit of 0 limits nothing, so it counts as unset: a generated form sends a blank number as 0 (spec 2),
 * and creating an order-level promotion through it must not be refused for a limit nobody gave.
 */
const hasLimit = (value: unknown): boolean => has(value) && value !== 0;

/** Rules between the promotion's own fields, as [broken, error code suffix, message]. */
function fieldRules(next: Item): Array<[boolean, string, string]> {
  const lineItemLevel = next.LineItemLevel === true;
  const start = typeof next.StartDate === 'string' ? Date.parse(next.StartDate) : undefined;
  const end = typeof next.ExpirationDate === 'string' ? Date.parse(next.ExpirationDate) : undefined;
  return [
    [
      start !== undefined && end !== undefined && end < start,
      'ExpirationPrecedsStart',
      'ExpirationDate must not be before StartDate.',
    ],
    [
      hasLimit(next.ItemLimitPerOrder) && !lineItemLevel,
      'CannotSetItemLimitPerOrder',
      'ItemLimitPerOrder needs LineItemLevel.',
    ],
    [
      hasLimit(next.QuantityLimitPerOrder) && !lineItemLevel,
      'CannotSetQuantityLimitPerOrder',
      'QuantityLimitPerOrder needs LineItemLevel.',
    ],
    [
      hasLimit(next.QuantityLimitPerOrder) && hasLimit(next.ItemLimitPerOrder),
      'CannotSetQuantityAndItemLimitPerOrder',
      'QuantityLimitPerOrder and ItemLimitPerOrder cannot be used together.',
    ],
    [
      has(next.ItemSortBy) && !(lineItemLevel && hasLimit(next.ItemLimitPerOrder)),
      'CannotSetItemSortBy',
      'ItemSortBy needs LineItemLevel and ItemLimitPerOrder.',
    ],
    // Without a value expression the discount comes from the promotion integration, and only then.
    [
      !has(next.ValueExpression) && next.UseIntegration !== true,
      'ValueExpressionCanBeNullIfUseIntegration',
      'ValueExpression is required unless UseIntegration is true.',
    ],
    [
      has(next.ValueExpression) && next.UseIntegration === true,
      'UseIntegrationMustBeFalse',
      'UseIntegration must be false when ValueExpression is set.',
    ],
  ];
}

async function checkPromotion({ store, id, next, previous }: WriteContext): Promise<void> {
  for (const [broken, code, message] of fieldRules(next)) {
    if (broken) throw validation(message, null, `Promotion.${code}`);
  }
  const lineItemLevel = next.LineItemLevel === true;
  assertValidExpression('EligibleExpression', next.EligibleExpression, 'Eligible', { lineItemLevel });
  assertValidExpression('ValueExpression', next.ValueExpression, 'Value', { lineItemLevel });
  const code = next.Code;
  if (typeof code !== 'string' || code === previous?.Code) return;
  const holders = (await store.find('Promotions', [], { Code: code })).filter(
    (stored) => stored.id !== id && stored.id !== previous?.ID,
  );
  if (holders.length > 0)
    throw validation('Another promotion already uses this code.', { Code: code }, 'Promotion.CodeInUse');
}

/** Promotions and their assignments to buyers and user groups. */
export const promotionResources: readonly ResourceDefinition[] = [
  {
    name: 'Promotions',
    section: 'ProductsAndCatalogs',
    description:
      'A promotion is a discount a shopper applies to an order with a code, or that applies itself. Two rules ' +
      'drive it: one decides whether an order or line item qualifies, the other computes the discount. ' +
      'Promotions reach buyers and user groups through assignments, or every buyer when AllowAllBuyers is set.',
    noun: { singular: 'promotion', plural: 'promotions' },
    path: '/promotions',
    idParam: 'promotionID',
    model: promotionModel,
    requiredOnCreate: ['Code', 'EligibleExpression'],
    roles: { read: ['PromotionAdmin', 'PromotionReader'], write: ['PromotionAdmin'] },
    searchable: ['ID', 'Code', 'Name', 'Description'],
    sortable: ['Name', 'ID', 'Code', 'StartDate', 'ExpirationDate', 'AutoApply', 'Active', 'Priority'],
    assignments: [
      buyerPartyAssignment({
        model: promotionAssignmentModel,
        subject: 'PromotionID',
        subjectParam: 'promotionID',
        subjectReference: { resource: 'Promotions' },
        path: '/promotions/assignments',
        deletePath: '/promotions/{promotionID}/assignments',
        roles: { read: ['PromotionAdmin', 'PromotionReader'], write: ['PromotionAdmin'] },
        noun: 'promotion assignment',
        listUser: true,
      }),
    ],
    hooks: {
      beforeWrite: withOwnerId(checkPromotion),
      // A promotion switched off or deleted leaves the orders that are still being built.
      async afterWrite({ store, next }) {
        if (next.Active === false) await withdrawPromotion(store, String(next.ID));
      },
      async beforeDelete({ store, id }) {
        await withdrawPromotion(store, id);
      },
      // Redemptions are counted by orders; a promotion nobody used has a count of 0, not none.
      present: async (item) => ({
        ...item,
        RedemptionCount: typeof item.RedemptionCount === 'number' ? item.RedemptionCount : 0,
      }),
    },
  },
];
