import { guardedGet, withoutStorageId } from '../orders/operation-helpers.ts';
import { moveChildren, renamedFrom } from '../orders/order-store.ts';
import {
  approveReturn,
  beforeReturnDelete,
  beforeReturnWrite,
  cancelReturn,
  completeReturn,
  declineReturn,
  deleteReturnItem,
  listReturns,
  requireReturn,
  submitReturn,
} from '../orders/order-returns.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  enumOf,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import type { OperationDefinition, ResourceDefinition, RoleSet } from './types.ts';

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
  Status: readOnly(enumOf('OrderStatus')),
  DateCreated: readOnly(date()),
  DateSubmitted: readOnly(date()),
  DateApproved: readOnly(date()),
  DateDeclined: readOnly(date()),
  DateCanceled: readOnly(date()),
  DateCompleted: readOnly(date()),
  LastUpdated: readOnly(date()),
  RefundAmount: decimal(),
  Comments: text(2000),
  ItemsToReturn: list(model('OrderReturnItem'), { default: [] }),
  xp: xp(),
});

/** What an approver says when approving or declining an order return. */
export const approvalInfoModel = defineModel('ApprovalInfo', { Comments: text() });

/** One approval an order return waited or waits for. */
export const orderReturnApprovalModel = defineModel('OrderReturnApproval', {
  OrderReturnID: text(),
  ApprovalRuleID: readOnly(text()),
  ApprovingGroupID: readOnly(text()),
  Status: readOnly(enumOf('ApprovalStatus')),
  DateCreated: readOnly(date()),
  DateCompleted: readOnly(date()),
  Approver: readOnly(model('User')),
  Comments: readOnly(text()),
});

/** Models used only inside order return fields and action bodies, for the registry's shared models. */
export const orderReturnModels: readonly ModelDefinition[] = [orderReturnItemModel, approvalInfoModel];

const RETURN_ROLES: RoleSet = { read: ['OrderAdmin', 'Shopper', 'OrderReader'], write: ['OrderAdmin', 'Shopper'] };
const RETURN_PATH = '/orderreturns/{returnID}';

function returnAction(
  name: string,
  segment: string,
  summary: string,
  handler: OperationDefinition['handler'],
  admin = false,
): OperationDefinition {
  return {
    name,
    method: 'POST',
    path: `${RETURN_PATH}/${segment}`,
    roles: admin ? ['OrderAdmin'] : RETURN_ROLES.write,
    summary,
    ...(name === 'Approve' || name === 'Decline' ? { body: { schema: model('ApprovalInfo') } } : {}),
    response: { status: 201, schema: model('OrderReturn') },
    handler,
  };
}

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
      guard: async (context) => void (await requireReturn(context, context.store)),
    }),
    returnAction('Submit', 'submit', 'Submit an order return.', submitReturn),
    returnAction('Approve', 'approve', 'Approve an order return.', approveReturn, true),
    returnAction('Decline', 'decline', 'Decline an order return.', declineReturn, true),
    returnAction('Cancel', 'cancel', 'Cancel an order return.', cancelReturn),
    returnAction('Complete', 'complete', 'Complete an order return.', completeReturn, true),
    {
      name: 'DeleteItem',
      method: 'DELETE',
      path: `${RETURN_PATH}/items/{lineItemID}`,
      roles: RETURN_ROLES.write,
      summary: 'Delete an order return item.',
      response: { status: 200, schema: model('OrderReturn') },
      handler: deleteReturnItem,
    },
  ],
};

/** The approvals of an order return, published as `OrderReturns.ListApprovals`. */
const orderReturnApprovals: ResourceDefinition = {
  name: 'OrderReturnApprovals',
  section: 'OrdersAndFulfillment',
  description: 'The approvals an order return waited or waits for, one per seller approval rule that held.',
  noun: { singular: 'order return approval', plural: 'order return approvals' },
  path: `${RETURN_PATH}/approvals`,
  model: orderReturnApprovalModel,
  requiredOnCreate: [],
  roles: { read: RETURN_ROLES.read, write: ['OrderAdmin'] },
  operations: ['List'],
  operationOwner: 'OrderReturns',
  operationNames: { List: 'ListApprovals' },
  searchable: ['ApprovalRuleID', 'ApprovingGroupID', 'Comments'],
  sortable: ['DateCreated', 'ApprovalRuleID', 'ApprovingGroupID', 'Status', 'DateCompleted'],
  hooks: {
    async listScope(context) {
      await requireReturn(context, context.store);
      return undefined;
    },
    present: async (item) => withoutStorageId(item),
  },
};

/** Order returns, with their actions and approvals. */
export const orderReturnResources: readonly ResourceDefinition[] = [orderReturns, orderReturnApprovals];
