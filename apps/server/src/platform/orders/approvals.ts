import type { Item } from '../engine/item.ts';
import type { OperationContext } from '../resources/types.ts';
import { ApiError } from '../engine/errors.ts';
import { generateId } from '../engine/ids.ts';
import type { Store } from '../engine/store.ts';
import type { ListPage } from '../engine/list-query.ts';
import { hasAnyRole } from './access.ts';
import { listWithin } from './operation-helpers.ts';
import { companyUser, userSnapshot } from './order-store.ts';
import { productCategories, ruleHolds, usesParentCategories } from './rule-expressions.ts';

/** Where the approvals of one order or order return are stored. */
export interface ApprovalTarget {
  resource: 'OrderApprovals' | 'OrderReturnApprovals';
  parents: readonly string[];
  /** Fields every approval of the target carries besides the standard ones (OrderReturnID). */
  extra?: Item;
}

/** A rule that holds, and whether it is the buyer's own rule or one of the selling company. */
export interface MatchedRule {
  rule: Item;
  source: 'buyer' | 'seller';
}

/** Which rules apply to a submit, and what their expressions look at. */
export interface RuleQuery {
  /** Buyer whose own approval rules apply (orders only). */
  buyerId: string | null;
  /** The selling company (marketplace or supplier) whose seller approval rules apply. */
  sellerId: string | null;
  type: 'Order' | 'OrderReturn';
  /** What the rule expressions look at as `order`. */
  subject: Item;
  /** The order's line items, what the expressions look at as `items`. */
  items: readonly Item[];
  /** Rules already approved on this order or return, for `order.approved('ruleID')`. */
  approvedRuleIds?: ReadonlySet<string>;
}

/** The approval rules that hold for an order or return: the buyer's rules, then the seller's. */
export async function matchingRules(store: Store, query: RuleQuery): Promise<MatchedRule[]> {
  const candidates: MatchedRule[] = [];
  if (query.type === 'Order' && query.buyerId) {
    for (const { item } of await store.find('ApprovalRules', [query.buyerId]))
      candidates.push({ rule: item, source: 'buyer' });
  }
  const seller = query.sellerId ?? store.marketplaceId;
  for (const { item } of await store.find('SellerApprovalRules', [], { ApprovalType: query.type })) {
    // Rules saved without an owner belong to the marketplace.
    const owner = typeof item.OwnerID === 'string' && item.OwnerID !== '' ? item.OwnerID : store.marketplaceId;
    if (owner === seller) candidates.push({ rule: item, source: 'seller' });
  }
  if (candidates.length === 0) return [];
  const categories = await productCategories(store, query.items, {
    ancestors: usesParentCategories(...candidates.map(({ rule }) => rule.RuleExpression)),
  });
  const subject = { order: query.subject, items: query.items, approvedRuleIds: query.approvedRuleIds ?? new Set() };
  return candidates.filter(({ rule }) => ruleHolds(rule.RuleExpression, subject, categories));
}

/** Rules whose approval on the target was already given (before a decline and resubmit, say). */
export async function approvedRuleIds(store: Store, target: ApprovalTarget): Promise<Set<string>> {
  const approved = await store.find(target.resource, target.parents, { Status: 'Approved' });
  return new Set(approved.map(({ item }) => String(item.ApprovalRuleID)));
}

/**
 * Opens one pending approval per matched rule. Approvals still pending from an earlier submit
 * (before a decline that allowed a resubmit) are dropped first.
 */
export async function openApprovals(
  store: Store,
  target: ApprovalTarget,
  matched: readonly MatchedRule[],
  now: string,
): Promise<void> {
  for (const { id } of await store.find(target.resource, target.parents, { Status: 'Pending' })) {
    await store.remove(target.resource, target.parents, id);
  }
  for (const { rule } of matched) {
    await store.insert(target.resource, target.parents, {
      ID: generateId(),
      ...target.extra,
      ApprovalRuleID: rule.ID,
      ApprovingGroupID: rule.ApprovingGroupID ?? null,
      Status: 'Pending',
      AllowResubmit: false,
      DateCreated: now,
      DateCompleted: null,
      Approver: null,
      Comments: null,
    });
  }
}

/**
 * Where group memberships of each kind of user are stored (the assignment kinds of
 * `adminGroupMemberships`, `buyerGroupMemberships` and `supplierGroupMemberships` in resources/):
 * approvers of seller rules are admin or supplier users, whose memberships are not buyer ones.
 */
const MEMBERSHIP_KINDS: Readonly<Record<'admin' | 'buyer' | 'supplier', string>> = {
  admin: 'AdminUserGroupAssignment',
  buyer: 'UserGroupAssignment',
  supplier: 'SupplierUserGroupAssignment',
};

/**
 * Which pending approvals the caller may decide: an admin user with OrderAdmin any; otherwise
 * those whose approving group the caller belongs to, of a rule of the caller's own company side
 * (a buyer's rules for buyer users, seller approval rules for admin and supplier users).
 */
export async function eligibleApprovals(
  store: Store,
  context: Pick<OperationContext, 'auth'>,
  pending: readonly Item[],
): Promise<Item[]> {
  const { auth } = context;
  if (auth.userType === 'admin' && hasAnyRole(auth, ['OrderAdmin'])) return [...pending];
  const companyParents = auth.userType === 'admin' ? [] : [auth.companyId ?? ''];
  const memberships = await store.findAssignments(MEMBERSHIP_KINDS[auth.userType], companyParents, {
    UserID: auth.userId,
  });
  const groups = new Set(memberships.map((membership) => String(membership.UserGroupID)));
  const eligible: Item[] = [];
  for (const approval of pending) {
    if (!groups.has(String(approval.ApprovingGroupID))) continue;
    const ruleId = String(approval.ApprovalRuleID);
    const rule =
      auth.userType === 'buyer'
        ? await store.get('ApprovalRules', companyParents, ruleId)
        : await store.get('SellerApprovalRules', [], ruleId);
    if (rule) eligible.push(approval);
  }
  return eligible;
}

/** An approver's answer to the approvals they may decide. */
export interface Decision {
  status: 'Approved' | 'Declined';
  comments: string | null;
  allowResubmit: boolean;
  /** Error code when the caller may decide none of the pending approvals. */
  notEligibleCode: string;
}

/**
 * Records the caller's decision on every pending approval they may decide. Returns how many
 * approvals are still pending afterwards; a 403 when the caller may decide none.
 */
export async function decideApprovals(
  store: Store,
  target: ApprovalTarget,
  context: Pick<OperationContext, 'auth'>,
  decision: Decision,
  now: string,
): Promise<{ remaining: number }> {
  const pending = (await store.find(target.resource, target.parents, { Status: 'Pending' })).map(
    (stored) => stored.item,
  );
  const eligible = await eligibleApprovals(store, context, pending);
  // Something awaiting approval with nothing pending (data loaded from elsewhere) is the seller's to settle.
  const sellerAdmin = context.auth.userType === 'admin' && hasAnyRole(context.auth, ['OrderAdmin']);
  if (eligible.length === 0 && !(sellerAdmin && pending.length === 0)) {
    throw new ApiError(403, decision.notEligibleCode, 'You are not eligible to approve or decline this.', null);
  }
  const approver = await approverSnapshot(store, context);
  for (const approval of eligible) {
    await store.put(target.resource, target.parents, {
      ...approval,
      Status: decision.status,
      DateCompleted: now,
      Approver: approver,
      Comments: decision.comments,
      AllowResubmit: decision.status === 'Declined' && decision.allowResubmit,
    });
  }
  return { remaining: pending.length - eligible.length };
}

/** Whether the last decline of the target let the submitter submit again. */
export async function resubmitAllowed(store: Store, target: ApprovalTarget): Promise<boolean> {
  const declined = await store.find(target.resource, target.parents, { Status: 'Declined', AllowResubmit: true });
  return declined.length > 0;
}

async function approverSnapshot(store: Store, { auth }: Pick<OperationContext, 'auth'>): Promise<Item> {
  const company = auth.userType === 'admin' ? store.marketplaceId : (auth.companyId ?? '');
  const user = await companyUser(store, company, auth.userId).catch(() => undefined);
  return user ? userSnapshot(user) : userSnapshot({ ID: auth.userId, Username: auth.username, CompanyID: company });
}

/**
 * The users who may decide `pending` approvals, as a list page: members of their approving groups.
 * Approvals of the buyer's own rules are decided by the buyer's users; when only seller rules wait,
 * by the users of the seller (the marketplace's admin users or the supplier's users).
 */
export async function listApprovers(
  context: OperationContext,
  pending: readonly Item[],
  buyerId: string,
  sellerId: string,
): Promise<ListPage> {
  const buyerGroups: string[] = [];
  const sellerGroups: string[] = [];
  for (const approval of pending) {
    const isBuyerRule =
      buyerId !== '' && (await context.store.get('ApprovalRules', [buyerId], String(approval.ApprovalRuleID)));
    (isBuyerRule ? buyerGroups : sellerGroups).push(String(approval.ApprovingGroupID));
  }
  const source: { users: string; kind: string; parents: string[]; groups: string[] } =
    buyerGroups.length > 0 || (sellerGroups.length === 0 && buyerId !== '')
      ? { users: 'Users', kind: MEMBERSHIP_KINDS.buyer, parents: [buyerId], groups: buyerGroups }
      : sellerId === context.marketplaceId
        ? { users: 'AdminUsers', kind: MEMBERSHIP_KINDS.admin, parents: [], groups: sellerGroups }
        : { users: 'SupplierUsers', kind: MEMBERSHIP_KINDS.supplier, parents: [sellerId], groups: sellerGroups };
  const { users, kind, parents, groups } = source;
  const members = groups.length > 0 ? await context.store.findAssignments(kind, parents, { UserGroupID: groups }) : [];
  const ids = [...new Set(members.map((member) => String(member.UserID)))];
  return listWithin(context, context.registry.resource(users), { parents, ids });
}
