import { validation } from '../engine/errors.ts';
import { queryValue } from './catalog-rules.ts';
import { enumOf, model } from './fields.ts';
import type { OperationContext, OperationDefinition } from './types.ts';

const MOVE_OPTIONS = ['None', 'Unsubmitted', 'All'] as const;

/**
 * `Users.Move`: the user record moves to the new buyer under the same ID. Its group memberships
 * and user-level assignments belong to the old buyer's groups and objects, so they are dropped;
 * `orders` says which of its orders move with it (None by default).
 */
async function moveUser(context: OperationContext): Promise<unknown> {
  const { store, params } = context;
  const buyerId = params.buyerID ?? '';
  const userId = params.userID ?? '';
  const newBuyerId = params.newBuyerID ?? '';
  const option = queryValue(context.query, 'orders') || 'None';
  const choice = MOVE_OPTIONS.find((known) => known.toLowerCase() === option.toLowerCase());
  if (!choice) {
    throw validation(`orders must be one of ${MOVE_OPTIONS.join(', ')}.`, { orders: option }, 'ValidationFailure');
  }
  await store.require('Buyers', [], buyerId);
  const user = await store.require('Users', [buyerId], userId, 'User');
  await store.require('Buyers', [], newBuyerId);
  if ((await store.find('ApiClients', [], { DefaultContextUserName: String(user.Username) })).length > 0) {
    throw validation(
      'Cannot move a user currently set as the Default Context User (back office user).',
      { UserID: userId },
      'User.CannotMoveDefaultContextUser',
    );
  }
  const orders = await store.find('Orders', [], { FromCompanyID: buyerId, FromUserID: userId });
  if (orders.some((order) => order.item.Status === 'Open' || order.item.Status === 'AwaitingApproval')) {
    throw validation(
      'Cannot move a user with an open order, or an order pending approval.',
      { UserID: userId },
      'User.CannotMoveeWithOpenOrder',
    );
  }
  if (buyerId === newBuyerId) return { ...user };
  return store.transaction(async (tx) => {
    const moved = { ...user, CompanyID: newBuyerId };
    const secret = await tx.getSecret('Users', [buyerId], userId);
    await tx.remove('Users', [buyerId], userId);
    await tx.insert('Users', [newBuyerId], moved, secret);
    for (const kind of [
      'UserGroupAssignment',
      'AddressAssignment',
      'CreditCardAssignment',
      'SpendingAccountAssignment',
    ])
      await tx.deleteAssignments(kind, [buyerId], { UserID: userId });
    await tx.deleteAssignments('SecurityProfileAssignment', [], { BuyerID: buyerId, UserID: userId });
    for (const order of orders) {
      if (choice === 'None' || (choice === 'Unsubmitted' && order.item.Status !== 'Unsubmitted')) continue;
      await tx.put('Orders', [], { ...order.item, FromCompanyID: newBuyerId });
    }
    return moved;
  });
}

/** `Users.Move`, attached to the buyer users resource in index.ts. */
export const moveUserOperation: OperationDefinition = {
  name: 'Move',
  method: 'POST',
  path: '/buyers/{buyerID}/users/{userID}/moveto/{newBuyerID}',
  roles: ['BuyerUserAdmin'],
  summary: 'Move a user to a different buyer.',
  description:
    'The user keeps its ID, username and password; its group memberships and user-level assignments are ' +
    'dropped. orders says which of its orders move with it: None (default), Unsubmitted or All. A user with an ' +
    'open order or one awaiting approval cannot be moved.',
  query: [{ name: 'orders', schema: enumOf('UserOrderMoveOption'), description: 'Which orders move with the user.' }],
  response: { status: 201, schema: model('User') },
  handler: moveUser,
};
