import { randomUUID } from 'node:crypto';
import { validation } from '../engine/errors.ts';
import { filled } from '../engine/values.ts';
import { bool, defineModel, enumOf, id, int, list, readOnly, text, xp } from './fields.ts';
import { assertNoImpersonationConfig } from './impersonation-configs.ts';
import { assertEventOfType, eventName } from './integration-events.ts';
import type { DeleteContext, ResourceDefinition, WriteContext } from './types.ts';

/** Token lifetimes, in minutes, that an API client may ask for. */
const ACCESS_TOKEN_MINUTES = { min: 10, max: 600 } as const;
const REFRESH_TOKEN_MINUTES = { min: 0, max: 524160 } as const;

/**
 * ApiClient: an application's access point to the marketplace. Its ID is generated (a GUID, as the
 * public platform makes them) unless a PUT names it, and is unique across all marketplaces: the
 * token endpoint finds the marketplace from the client id alone (see db/schema.ts).
 */
export const apiClientModel = defineModel('ApiClient', {
  ID: readOnly(id()),
  ClientSecret: text(),
  AccessTokenDuration: int({ description: 'Minutes an access token stays valid, from 10 to 600.' }),
  Active: bool(),
  AppName: text(),
  RefreshTokenDuration: int({ description: 'Minutes a refresh token stays valid; 0 issues none.' }),
  AnonymousTokenDuration: int({ default: 10080, description: 'Minutes an anonymous token stays valid.' }),
  DefaultContextUserName: text(),
  xp: xp(),
  AllowAnyBuyer: bool(),
  AllowAnySupplier: bool(),
  AllowSeller: bool(),
  IsAnonBuyer: bool(),
  AssignedBuyerCount: readOnly(int()),
  AssignedSupplierCount: readOnly(int()),
  OrderCheckoutIntegrationEventID: text(),
  OrderCheckoutIntegrationEventName: readOnly(text()),
  OrderReturnIntegrationEventID: text(),
  OrderReturnIntegrationEventName: readOnly(text()),
  AddToCartIntegrationEventID: text(),
  AddToCartIntegrationEventName: readOnly(text()),
  MinimumRequiredRoles: list(enumOf('ApiRole'), { default: [] }),
  MinimumRequiredCustomRoles: list(text(), { default: [] }),
  MaximumGrantedRoles: list(enumOf('ApiRole'), { default: [] }),
  MaximumGrantedCustomRoles: list(text(), { default: [] }),
});

/** ApiClientAssignment: lets the users of one buyer or one supplier sign in through a client. */
export const apiClientAssignmentModel = defineModel('ApiClientAssignment', {
  ApiClientID: text(),
  BuyerID: text(),
  SupplierID: text(),
});

/** The integration events an API client may point at, each with the event type it must have. */
const CLIENT_INTEGRATION_EVENTS = [
  { idField: 'OrderCheckoutIntegrationEventID', nameField: 'OrderCheckoutIntegrationEventName', type: 'OrderCheckout' },
  { idField: 'OrderReturnIntegrationEventID', nameField: 'OrderReturnIntegrationEventName', type: 'OrderReturn' },
  { idField: 'AddToCartIntegrationEventID', nameField: 'AddToCartIntegrationEventName', type: 'AddToCart' },
] as const;

function assertMinutes(item: Record<string, unknown>, field: string, range: { min: number; max: number }): void {
  const value = item[field];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || value < range.min || value > range.max) {
    throw validation(`${field} must be between ${range.min} and ${range.max} minutes.`, {
      Property: field,
      Value: value,
    });
  }
}

async function checkApiClient(context: WriteContext): Promise<void> {
  const { next, store } = context;
  assertMinutes(next, 'AccessTokenDuration', ACCESS_TOKEN_MINUTES);
  assertMinutes(next, 'RefreshTokenDuration', REFRESH_TOKEN_MINUTES);
  if (next.IsAnonBuyer === true) {
    // Anonymous shoppers act as the default context user, so it has to be a buyer user.
    const username = next.DefaultContextUserName;
    const buyerUsers = filled(username) ? await store.find('Users', undefined, { Username: username }) : [];
    if (buyerUsers.length === 0) {
      throw validation(
        'IsAnonBuyer can be true only when a buyer user is the default context user.',
        { DefaultContextUserName: username ?? null },
        'ApiClient.RequiredNotAnonBuyer',
      );
    }
  }
  for (const link of CLIENT_INTEGRATION_EVENTS) await assertEventOfType(store, next, link.idField, link.type);
}

/** Refuses deleting the API client the subscription integration places its orders through. */
async function assertNotSubscriptionClient({ store, id }: Pick<DeleteContext, 'store' | 'id'>): Promise<void> {
  // The integration is a singleton, stored under its resource name (see subscriptions.ts).
  const integration = await store.get('SubscriptionIntegrations', [], 'SubscriptionIntegrations');
  if (integration?.ApiClientID === id) {
    throw validation(
      'Cannot delete API Client used by a Subscription Integration.',
      { ApiClientID: id },
      'ApiClient.UsedByIntegration',
    );
  }
}

/** API clients, with their buyer and supplier assignments. */
export const apiClients: ResourceDefinition = {
  name: 'ApiClients',
  section: 'AuthenticationAndAuthorization',
  description: 'Applications that sign users in to the marketplace, and which buyers and suppliers may use them.',
  noun: { singular: 'API client', plural: 'API clients' },
  path: '/apiclients',
  idParam: 'apiClientID',
  model: apiClientModel,
  newId: () => randomUUID().toUpperCase(),
  requiredOnCreate: ['AccessTokenDuration', 'AppName'],
  roles: { read: ['ApiClientAdmin', 'ApiClientReader'], write: ['ApiClientAdmin'] },
  searchable: ['ID', 'AppName', 'DefaultContextUserName'],
  sortable: ['ID', 'AppName', 'DefaultContextUserName'],
  references: {
    OrderCheckoutIntegrationEventID: { resource: 'IntegrationEvents' },
    OrderReturnIntegrationEventID: { resource: 'IntegrationEvents' },
    AddToCartIntegrationEventID: { resource: 'IntegrationEvents' },
  },
  assignments: [
    {
      model: apiClientAssignmentModel,
      requiredOnCreate: ['ApiClientID'],
      // Buyer and supplier assignments are deleted through two paths; the supplier one is an extra operation.
      names: { delete: 'DeleteBuyerAssignment' },
      path: '/apiclients/assignments',
      deletePath: '/buyers/{buyerID}/ApiClients/Assignments/{apiClientID}',
      deleteParams: { buyerID: 'BuyerID', apiClientID: 'ApiClientID' },
      listFilters: { apiClientID: 'ApiClientID', buyerID: 'BuyerID', supplierID: 'SupplierID' },
      key: ['ApiClientID', 'BuyerID', 'SupplierID'],
      roles: { read: ['ApiClientAdmin', 'ApiClientReader'], write: ['ApiClientAdmin'] },
      references: {
        ApiClientID: { resource: 'ApiClients' },
        BuyerID: { resource: 'Buyers' },
        SupplierID: { resource: 'Suppliers' },
      },
      noun: 'API client assignment',
      hooks: {
        // An assignment opens the client to one company's users; each company has its own delete path.
        async beforeSave(item) {
          const hasBuyer = filled(item.BuyerID);
          const hasSupplier = filled(item.SupplierID);
          if (hasBuyer && hasSupplier) {
            throw validation(
              'Cannot provide both a BuyerID and SupplierID.',
              { Properties: ['BuyerID', 'SupplierID'] },
              'PartyAssignment.CannotProvideBuyerAndSupplier',
            );
          }
          if (!hasBuyer && !hasSupplier) {
            throw validation('Give the BuyerID or the SupplierID whose users may use the client.', {
              Properties: ['BuyerID', 'SupplierID'],
            });
          }
        },
      },
    },
  ],
  extraOperations: [
    {
      name: 'DeleteSupplierAssignment',
      method: 'DELETE',
      path: '/suppliers/{supplierID}/ApiClients/Assignments/{apiClientID}',
      roles: ['ApiClientAdmin'],
      summary: 'Delete an API client assignment of a supplier.',
      description: "The supplier's users can no longer sign in through the client unless it allows any supplier.",
      response: { status: 204 },
      async handler({ params, store }) {
        const supplierID = params.supplierID ?? '';
        const apiClientID = params.apiClientID ?? '';
        await store.require('Suppliers', [], supplierID);
        await store.require('ApiClients', [], apiClientID);
        await store.deleteAssignments('ApiClientAssignment', [], { ApiClientID: apiClientID, SupplierID: supplierID });
        return undefined;
      },
    },
  ],
  hooks: {
    beforeWrite: checkApiClient,
    async beforeDelete(context) {
      await assertNoImpersonationConfig(
        context.store,
        { ClientID: context.id },
        'ApiClient.UsedByImpersonationConfig',
        'The API client is used by an impersonation config; delete the config first.',
      );
      await assertNotSubscriptionClient(context);
    },
    async present(item, { store }) {
      const assignments = await store.findAssignments('ApiClientAssignment', [], { ApiClientID: String(item.ID) });
      const names: Record<string, unknown> = {};
      for (const link of CLIENT_INTEGRATION_EVENTS) names[link.nameField] = await eventName(store, item[link.idField]);
      return {
        ...item,
        AssignedBuyerCount: assignments.filter((assignment) => assignment.BuyerID).length,
        AssignedSupplierCount: assignments.filter((assignment) => assignment.SupplierID).length,
        ...names,
      };
    },
  },
};
