import type { Item } from '../engine/item.ts';
import { ApiError } from '../engine/errors.ts';
import { parseListQuery } from '../engine/list-query.ts';
import { memoryPage } from '../engine/memory-list.ts';
import { validateBody } from '../engine/validate.ts';
import { filled } from '../engine/values.ts';
import { defineModel, enumOf, model, readOnly, text } from './fields.ts';
import type { OperationContext, OperationDefinition } from './types.ts';

/**
 * CC listener assignments: who else gets a copy of the messages of one message sender assignment,
 * per message type. Stored as assignments of their own kind; `ListenerKey` (never shown) makes a
 * second save of the same listener replace the first.
 */
const KIND = 'MessageCCListenerAssignment';

export const messageCCListenerAssignmentModel = defineModel(KIND, {
  MessageSenderAssignment: model('MessageSenderAssignment'),
  MessageConfigName: readOnly(text()),
  MessageConfigDescription: readOnly(text()),
  MessageType: enumOf('MessageType'),
  BuyerID: text(),
  SupplierID: text(),
  UserGroupID: text(),
  UserID: text(),
});

const FIELDS = [
  'MessageConfigName',
  'MessageConfigDescription',
  'MessageType',
  'BuyerID',
  'SupplierID',
  'UserGroupID',
  'UserID',
];
const ROLES = ['MessageConfigAssignmentAdmin', 'MessageSenderAdmin'] as const;

async function saveListener(context: OperationContext): Promise<void> {
  const { value, errors } = validateBody(context.registry, messageCCListenerAssignmentModel, context.body, {
    required: ['MessageSenderAssignment', 'MessageType'],
    previous: undefined,
  });
  if (errors.length > 0) throw ApiError.many(400, errors);
  const sent = value.MessageSenderAssignment as Item;
  const senderId = sent.MessageSenderID;
  if (!filled(senderId)) {
    throw new ApiError(400, 'ValidationFailure', 'MessageSenderAssignment.MessageSenderID is required.', {
      Property: 'MessageSenderAssignment.MessageSenderID',
    });
  }
  const sender = await context.store.require('MessageSenders', [], senderId);
  const assignment = { MessageSenderID: senderId, BuyerID: null, SupplierID: null, UserGroupID: null, ...sent };
  const item: Item = {
    MessageSenderAssignment: assignment,
    MessageConfigName: sender.Name ?? null,
    MessageConfigDescription: sender.Description ?? null,
    MessageType: value.MessageType,
    BuyerID: value.BuyerID ?? null,
    SupplierID: value.SupplierID ?? null,
    UserGroupID: value.UserGroupID ?? null,
    UserID: value.UserID ?? null,
  };
  const key = [assignment.MessageSenderID, assignment.BuyerID, assignment.SupplierID, assignment.UserGroupID];
  const listenerKey = JSON.stringify([
    ...key,
    item.MessageType,
    item.BuyerID,
    item.SupplierID,
    item.UserGroupID,
    item.UserID,
  ]);
  await context.store.saveAssignment(KIND, [], ['ListenerKey'], { ...item, ListenerKey: listenerKey });
}

async function listListeners(context: OperationContext): Promise<unknown> {
  const stored = await context.store.findAssignments(KIND, [], {});
  const items = stored.map(({ ListenerKey: _key, ...item }) => item);
  return memoryPage(FIELDS, items, parseListQuery(context.query));
}

/** `MessageSenders.ListCCListenerAssignments` and `SaveCCListenerAssignment`, attached in index.ts. */
export const ccListenerOperations: readonly OperationDefinition[] = [
  {
    name: 'ListCCListenerAssignments',
    method: 'GET',
    path: '/messagesenders/CCListenerAssignments',
    roles: ROLES,
    summary: 'Get a list of message sender cc listener assignments.',
    listOf: messageCCListenerAssignmentModel,
    response: { status: 200 },
    handler: listListeners,
  },
  {
    name: 'SaveCCListenerAssignment',
    method: 'POST',
    path: '/messagesenders/CCListenerAssignments',
    roles: ROLES,
    summary: 'Create or update a message sender cc listener assignment.',
    description: 'Saving the same listener of the same message sender assignment and message type again replaces it.',
    body: { schema: model(KIND), required: ['MessageSenderAssignment', 'MessageType'] },
    response: { status: 204 },
    handler: saveListener,
  },
];
