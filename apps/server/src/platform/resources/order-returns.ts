import { guardedGet, objectActions } from '../orders/operation-helpers.ts';
import { moveChildren, renamedFrom } from '../orders/order-store.ts';
import {
  approveReturn,
  beforeReturnDelete,
  beforeReturnWrite,
  cancelReturn,
  completeReturn,
  declineReturn,
  deleteReturnItem,
  listReturnEligibleApprovers,
  listReturns,
  requireReturn,
  submitReturn,
} from '../orders/order-returns.ts';
import {
  bool,
  decimal,
  defineModel,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import { approvalFields, approvalsResource, statusFields } from './approval-shapes.ts';
import { userModel } from './shared-models.ts';
import type { OperationContext, OperationDefinition, ResourceDefinition, RoleSet } from './types.ts';

/** One line item (or part of it) a buyer sends back. */
export const orderReturnItemModel = defineModel('OrderReturnItem', {
  LineItemID: text(),
  Quantity: int({ default: 0, minimum: 0 }),
  RefundAmount: decimal(),
  Comments: text(500),
});

/** OrderReturn: a request to send back items of an Open or Completed order, and the refund for them. */
export const orderReturnModel = defineModel('OrderReturn', {
  ID: id(),
  OrderID: text(),
  PaymentIDs: readOnly(list(text())),
  ...statusFields(),
  RefundAmount: decimal(),
  Comments: text(2000),
  ItemsToReturn: list(model('OrderReturnItem'), { default: [] }),
  xp: xp(),
});

/** What an approver says when approving or declining an order return. */
export const approvalInfoModel = defineModel('ApprovalInfo', { Comments: text(2000) });

/** One approval an order return waited or waits for. */
export const orderReturnApprovalModel = defineModel('OrderReturnApproval', {
  OrderReturnID: text(),
  ...approvalFields(),
});

/** Models used only inside order return fields and action bodies, for the registry's shared models. */
export const orderReturnModels: readonly ModelDefinition[] = [orderReturnItemModel, approvalInfoModel];

const RETURN_ROLES: RoleSet = { read: ['OrderAdmin', 'Shopper', 'OrderReader'], write: ['OrderAdmin', 'Shopper'] };
const RETURN_PATH = '/orderreturns/{returnID}';

/** The return of the path, when the caller may see it (404 otherwise). */
const requireReturnOfPath = (context: OperationContext) => requireReturn(context, context.store);

/** An action on one order return: POST to `/orderreturns/{returnID}/{segment}`, answering the return. */
const returnAction = objectActions(RETURN_PATH, RETURN_ROLES.write, 'OrderReturn');
/** Approving, declining and completing a return are for order admins only. */
const ADMIN_ONLY: Partial<OperationDefinition> = { roles: ['OrderAdmin'] };
/** What an approver sends with an approval or a decline. */
const DECISION: Partial<OperationDefinition> = { ...ADMIN_ONLY, body: { schema: model('ApprovalInfo') } };

const orderReturns: ResourceDefinition = {
  name: 'OrderReturns',
  section: 'OrdersAndFulfillment',
  description:
    'Requests to send back items of an order and get money back. A return is prepared while Unsubmitted, ' +
    'submitted (and approved when a seller approval rule asks for it), then completed once refunded.',
  noun: { singular: 'order return', plural: 'order returns' },
  path: '/orderreturns',
  idParam: 'returnID',
  model: orderReturnModel,
  requiredOnCreate: ['OrderID'],
  roles: RETURN_ROLES,
  // List and Get are published below: whether the caller may see a return depends on its order.
  operations: ['Create', 'Save', 'Delete', 'Patch'],
  searchable: ['ID', 'OrderID'],
  sortable: [
    'ID',
    'OrderID',
    'DateCreated',
    'DateSubmitted',
    'DateApproved',
    'DateDeclined',
    'DateCanceled',
    'DateCompleted',
    'LastUpdated',
  ],
  hooks: {
    beforeWrite: beforeReturnWrite,
    async afterWrite({ store, previous, next }) {
      const oldId = renamedFrom(previous, next);
      if (oldId) await moveChildren(store, ['OrderReturnApprovals'], oldId, String(next.ID));
    },
    beforeDelete: beforeReturnDelete,
  },
  extraOperations: [
    {
      name: 'List',
      method: 'GET',
      path: '/orderreturns',
      roles: RETURN_ROLES.read,
      summary: 'Get a list of order returns.',
      listOf: orderReturnModel,
      query: [{ name: 'approvable', schema: bool(), description: 'Only order returns awaiting approval.' }],
      response: { status: 200 },
      handler: listReturns,
    },
    guardedGet({
      path: RETURN_PATH,
      roles: RETURN_ROLES.read,
      noun: 'order return',
      model: orderReturnModel,
      guard: requireReturnOfPath,
    }),
    returnAction('Submit', 'submit', 'Submit an order return.', submitReturn),
    returnAction('Approve', 'approve', 'Approve an order return.', approveReturn, DECISION),
    returnAction('Decline', 'decline', 'Decline an order return.', declineReturn, DECISION),
    returnAction('Cancel', 'cancel', 'Cancel an order return.', cancelReturn),
    returnAction('Complete', 'complete', 'Complete an order return.', completeReturn, ADMIN_ONLY),
    {
      name: 'DeleteItem',
      method: 'DELETE',
      path: `${RETURN_PATH}/items/{lineItemID}`,
      roles: RETURN_ROLES.write,
      summary: 'Delete an order return item.',
      response: { status: 200, schema: model('OrderReturn') },
      handler: deleteReturnItem,
    },
    {
      name: 'ListEligibleApprovers',
      method: 'GET',
      path: `${RETURN_PATH}/eligibleapprovers`,
      roles: ['OrderAdmin', 'OrderReader'],
      summary: 'Get a list of order return eligible approvers.',
      description: 'The users who may approve or decline the return (and have not done so yet).',
      listOf: userModel,
      response: { status: 200 },
      handler: listReturnEligibleApprovers,
    },
  ],
};

/** The approvals of an order return, published as `OrderReturns.ListApprovals`. */
const orderReturnApprovals = approvalsResource({
  name: 'OrderReturnApprovals',
  owner: 'OrderReturns',
  description: 'The approvals an order return waited or waits for, one per seller approval rule that held.',
  noun: 'order return approval',
  path: `${RETURN_PATH}/approvals`,
  model: orderReturnApprovalModel,
  read: RETURN_ROLES.read,
  requireParent: requireReturnOfPath,
});

/** Order returns, with their actions and approvals. */
export const orderReturnResources: readonly ResourceDefinition[] = [orderReturns, orderReturnApprovals];
