import { validation } from '../engine/errors.ts';
import { filled } from '../engine/values.ts';
import { bool, defineModel, enumOf, id, list, readOnly, text, xp } from './fields.ts';
import type { ResourceDefinition } from './types.ts';
import { requireParty } from './user-rules.ts';

/** MessageSender: a service that sends the marketplace's e-mails (order submitted, password reset...). */
export const messageSenderModel = defineModel('MessageSender', {
  ID: id(),
  Name: text(),
  MessageTypes: list(enumOf('MessageType'), { default: [] }),
  Description: text(),
  URL: text(),
  ElevatedRoles: list(enumOf('ApiRole'), { default: [] }),
  SharedKey: text(),
  xp: xp(),
  DeliveryConfigID: text(),
  AllowAllBuyers: bool({ default: false }),
});

/** MessageSenderAssignment: which buyers, suppliers or groups get their messages from a sender. */
export const messageSenderAssignmentModel = defineModel('MessageSenderAssignment', {
  MessageSenderID: text(),
  BuyerID: text(),
  SupplierID: text(),
  UserGroupID: text(),
  MessageConfigName: readOnly(text()),
  MessageConfigDescription: readOnly(text()),
});

/** Message senders, with the assignments that say who gets messages from which. */
export const messageSenders: ResourceDefinition = {
  name: 'MessageSenders',
  section: 'Integrations',
  description:
    'Services that send the marketplace e-mails (order submitted, password reset...) to buyers and suppliers.',
  noun: { singular: 'message sender', plural: 'message senders' },
  path: '/messagesenders',
  idParam: 'messageSenderID',
  model: messageSenderModel,
  requiredOnCreate: ['Name', 'MessageTypes'],
  roles: { read: ['MessageSenderAdmin', 'MessageSenderReader'], write: ['MessageSenderAdmin'] },
  searchable: ['ID', 'Name', 'URL'],
  sortable: ['ID', 'Name', 'URL'],
  references: { DeliveryConfigID: { resource: 'DeliveryConfigurations' } },
  assignments: [
    {
      model: messageSenderAssignmentModel,
      requiredOnCreate: ['MessageSenderID'],
      path: '/messagesenders/assignments',
      deletePath: '/messagesenders/{messageSenderID}/assignments',
      deleteParams: { messageSenderID: 'MessageSenderID' },
      deleteQuery: { buyerID: 'BuyerID', userGroupID: 'UserGroupID', supplierID: 'SupplierID' },
      listFilters: {
        buyerID: 'BuyerID',
        messageSenderID: 'MessageSenderID',
        userGroupID: 'UserGroupID',
        supplierID: 'SupplierID',
      },
      key: ['MessageSenderID', 'BuyerID', 'SupplierID', 'UserGroupID'],
      roles: {
        read: ['MessageConfigAssignmentAdmin', 'MessageSenderAdmin'],
        write: ['MessageConfigAssignmentAdmin', 'MessageSenderAdmin'],
      },
      // UserGroupID is a buyer or a supplier group depending on which company is given, which a
      // single reference cannot express; `beforeSave` checks it instead.
      references: {
        MessageSenderID: { resource: 'MessageSenders' },
        BuyerID: { resource: 'Buyers' },
        SupplierID: { resource: 'Suppliers' },
      },
      parties: { group: true },
      noun: 'message sender assignment',
      hooks: {
        async beforeSave(item, { store }) {
          // Messages go to buyers and suppliers only, so a group without its company is refused.
          await requireParty(store, item, { buyer: 'BuyerID', supplier: 'SupplierID', group: 'UserGroupID' }, false);
        },
        // The sender's name and description are shown with each assignment but stored only on the sender.
        async present(item, { store }) {
          const senderId = item.MessageSenderID;
          const sender = filled(senderId) ? await store.get('MessageSenders', [], senderId) : undefined;
          return {
            ...item,
            MessageConfigName: sender?.Name ?? null,
            MessageConfigDescription: sender?.Description ?? null,
          };
        },
      },
    },
  ],
  hooks: {
    async beforeWrite({ next }) {
      // Without a delivery configuration the marketplace posts to URL itself and signs with SharedKey.
      if (filled(next.DeliveryConfigID)) return;
      if (!filled(next.URL)) {
        throw validation(
          'URL is required when no delivery configuration is given.',
          { Property: 'URL' },
          'MessageSenders.UrlRequired',
        );
      }
      if (!filled(next.SharedKey)) {
        throw validation(
          'SharedKey is required when no delivery configuration is given.',
          { Property: 'SharedKey' },
          'MessageSenders.SharedKeyRequired',
        );
      }
    },
  },
};
