import { notFound } from '../engine/errors.ts';
import { assertValidExpression } from '../orders/rule-expressions.ts';
import { defineModel, enumOf, id, text, xp } from './fields.ts';
import type { ResourceDefinition, WriteContext } from './types.ts';

/**
 * SellerApprovalRule: orders (or order returns) to the marketplace or a supplier that match
 * RuleExpression wait for a member of ApprovingGroupID, a group of the rule's owner, to approve them.
 */
export const sellerApprovalRuleModel = defineModel('SellerApprovalRule', {
  OwnerID: text(undefined, {
    description: "The marketplace or supplier the rule belongs to; defaults to the caller's.",
  }),
  ApprovalType: enumOf('ApprovalType'),
  ID: id(),
  Name: text(100),
  Description: text(2000),
  ApprovingGroupID: text(),
  RuleExpression: text(400, { description: 'A rules-engine expression, e.g. `order.Total > 1000`.' }),
  xp: xp(),
});

/**
 * Owner defaults to the caller's company (suppliers cannot make rules for others), and the
 * approving group must be one of the owner's: an admin user group, or a group of the supplier.
 */
async function beforeRuleWrite({ next, previous, auth, store, marketplaceId }: WriteContext): Promise<void> {
  assertValidExpression('RuleExpression', next.RuleExpression, 'SellerRule');
  if (auth.userType === 'supplier') next.OwnerID = auth.companyId ?? null;
  else if (typeof next.OwnerID !== 'string' || next.OwnerID === '')
    next.OwnerID = (previous?.OwnerID as string | undefined) ?? marketplaceId;
  const owner = String(next.OwnerID);
  if (owner !== marketplaceId && !(await store.get('Suppliers', [], owner))) throw notFound('Supplier', owner);
  const groupId = String(next.ApprovingGroupID ?? '');
  const group =
    owner === marketplaceId
      ? await store.get('AdminUserGroups', [], groupId)
      : await store.get('SupplierUserGroups', [owner], groupId);
  if (!group) throw notFound('UserGroup', groupId);
}

const sellerApprovalRules: ResourceDefinition = {
  name: 'SellerApprovalRules',
  section: 'OrdersAndFulfillment',
  description:
    'Approval rules of the selling side: orders or order returns to the marketplace (or a supplier) that match ' +
    'the rule wait for one of its user groups to approve them.',
  noun: { singular: 'seller approval rule', plural: 'seller approval rules' },
  path: '/approvalrules',
  idParam: 'approvalRuleID',
  model: sellerApprovalRuleModel,
  requiredOnCreate: ['ApprovalType', 'ApprovingGroupID', 'RuleExpression'],
  roles: { read: ['OrderAdmin', 'ApprovalRuleReader'], write: ['OrderAdmin'] },
  searchable: ['ID', 'Name', 'Description'],
  sortable: ['Name', 'ID', 'ApprovingGroupID'],
  hooks: {
    visible: (rule, context) => context.auth.userType !== 'supplier' || rule.OwnerID === context.auth.companyId,
    async listScope(context) {
      return context.auth.userType === 'supplier' ? { OwnerID: context.auth.companyId ?? null } : undefined;
    },
    beforeWrite: beforeRuleWrite,
  },
};

/** The seller's approval rules. */
export const sellerApprovalRuleResources: readonly ResourceDefinition[] = [sellerApprovalRules];
