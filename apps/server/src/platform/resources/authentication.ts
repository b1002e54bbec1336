import type { DeleteContext, WriteContext } from '../engine/context.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { ModelDefinition } from './fields.ts';
import { bool, defineModel, enumOf, id, int, list, model, readOnly, text, xp } from './fields.ts';
import type { ResourceDefinition } from './types.ts';
import { requireParty } from './user-rules.ts';

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Token lifetimes, in minutes, that an API client may ask for. */
const ACCESS_TOKEN_MINUTES = { min: 10, max: 600 } as const;
const REFRESH_TOKEN_MINUTES = { min: 0, max: 524160 } as const;

/** ApiClient: an application's access point to the marketplace. Its ID is generated, never chosen. */
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

/** PasswordConfig: the password rules a security profile imposes on its users. */
export const passwordConfigModel = defineModel('PasswordConfig', {
  LimitPasswordReuse: int(),
  MaxConsecutiveDupeChars: int(),
  MaximumPasswordAge: int(),
  MinimumPasswordAge: int(),
  AllowedFailedAttempts: int(),
  LockoutDuration: int(),
  UpperCaseRequired: bool(),
  LowerCaseRequired: bool(),
  SpecialCharacterRequired: bool(),
  NumericRequired: bool(),
  MinimumCharacterCount: int(),
});

export const securityProfileModel = defineModel('SecurityProfile', {
  ID: id(),
  Name: text(100),
  Roles: list(enumOf('ApiRole'), { default: [] }),
  CustomRoles: list(text(), { default: [] }),
  PasswordConfig: model('PasswordConfig'),
  IsExternalRoleGroup: readOnly(bool()),
});

/** SecurityProfileAssignment: grants a profile's roles to the marketplace, a company, a group or a user. */
export const securityProfileAssignmentModel = defineModel('SecurityProfileAssignment', {
  SecurityProfileID: text(),
  BuyerID: text(),
  SupplierID: text(),
  UserID: text(),
  UserGroupID: text(),
});

/** ImpersonationConfig: who (Impersonation*) may impersonate whom, through which client, with which roles. */
export const impersonationConfigModel = defineModel('ImpersonationConfig', {
  ID: id(),
  ImpersonationBuyerID: text(),
  ImpersonationGroupID: text(),
  ImpersonationUserID: text(),
  BuyerID: text(),
  GroupID: text(),
  UserID: text(),
  SecurityProfileID: text(),
  ClientID: text(),
});

/** Models used only nested inside the models above; the registry index passes them as shared models. */
export const authenticationModels: readonly ModelDefinition[] = [passwordConfigModel];

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
    const buyerUsers =
      typeof username === 'string' && username ? await store.find('Users', undefined, { Username: username }) : [];
    if (buyerUsers.length === 0) {
      throw validation(
        'IsAnonBuyer can be true only when a buyer user is the default context user.',
        { DefaultContextUserName: username ?? null },
        'ApiClient.RequiredNotAnonBuyer',
      );
    }
  }
  for (const link of CLIENT_INTEGRATION_EVENTS) {
    const eventId = next[link.idField];
    if (typeof eventId !== 'string' || !eventId) continue;
    const event = await store.get('IntegrationEvents', [], eventId);
    if (!event) throw notFound('IntegrationEvent', eventId);
    if (event.EventType !== link.type) {
      throw validation(
        `${link.idField} must name an integration event of type ${link.type}.`,
        { Property: link.idField, EventType: event.EventType ?? null },
        'IntegrationEvent.IncompatibleEventType',
      );
    }
  }
}

/** Refuses a delete while an impersonation config still names the object in `field`. */
async function assertNoImpersonationConfig(
  context: Pick<DeleteContext, 'store' | 'id'>,
  field: 'ClientID' | 'SecurityProfileID',
  errorCode: string,
  message: string,
): Promise<void> {
  const configs = await context.store.find('ImpersonationConfigs', [], { [field]: context.id });
  if (configs.length > 0) {
    throw validation(message, { ImpersonationConfigIDs: configs.map((config) => config.id) }, errorCode);
  }
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

const apiClients: ResourceDefinition = {
  name: 'ApiClients',
  section: 'AuthenticationAndAuthorization',
  description: 'Applications that sign users in to the marketplace, and which buyers and suppliers may use them.',
  noun: { singular: 'API client', plural: 'API clients' },
  path: '/apiclients',
  idParam: 'apiClientID',
  model: apiClientModel,
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
        context,
        'ClientID',
        'ApiClient.UsedByImpersonationConfig',
        'The API client is used by an impersonation config; delete the config first.',
      );
      await assertNotSubscriptionClient(context);
    },
    async present(item, { store }) {
      const assignments = await store.findAssignments('ApiClientAssignment', [], { ApiClientID: String(item.ID) });
      const names: Record<string, unknown> = {};
      for (const link of CLIENT_INTEGRATION_EVENTS) {
        const eventId = item[link.idField];
        const event =
          typeof eventId === 'string' && eventId ? await store.get('IntegrationEvents', [], eventId) : undefined;
        names[link.nameField] = event?.Name ?? null;
      }
      return {
        ...item,
        AssignedBuyerCount: assignments.filter((assignment) => assignment.BuyerID).length,
        AssignedSupplierCount: assignments.filter((assignment) => assignment.SupplierID).length,
        ...names,
      };
    },
  },
};

const securityProfiles: ResourceDefinition = {
  name: 'SecurityProfiles',
  section: 'AuthenticationAndAuthorization',
  description:
    'Named sets of roles. Assigned to the marketplace, a company, a group or a user, they decide what tokens may do.',
  noun: { singular: 'security profile', plural: 'security profiles' },
  path: '/securityprofiles',
  idParam: 'securityProfileID',
  model: securityProfileModel,
  requiredOnCreate: ['Name'],
  roles: {
    read: ['SecurityProfileAdmin', 'SetSecurityProfile', 'SecurityProfileReader'],
    write: ['SecurityProfileAdmin', 'SetSecurityProfile'],
  },
  searchable: ['ID', 'Name'],
  sortable: ['ID', 'Name'],
  assignments: [
    {
      model: securityProfileAssignmentModel,
      requiredOnCreate: ['SecurityProfileID'],
      path: '/securityprofiles/assignments',
      deletePath: '/securityprofiles/{securityProfileID}/assignments',
      deleteParams: { securityProfileID: 'SecurityProfileID' },
      deleteQuery: { buyerID: 'BuyerID', userID: 'UserID', userGroupID: 'UserGroupID', supplierID: 'SupplierID' },
      listFilters: {
        buyerID: 'BuyerID',
        supplierID: 'SupplierID',
        securityProfileID: 'SecurityProfileID',
        userID: 'UserID',
        userGroupID: 'UserGroupID',
      },
      key: ['SecurityProfileID', 'BuyerID', 'SupplierID', 'UserID', 'UserGroupID'],
      roles: {
        read: ['SecurityProfileAdmin', 'SetSecurityProfile'],
        write: ['SecurityProfileAdmin', 'SetSecurityProfile'],
      },
      // UserID and UserGroupID name admin, buyer or supplier parties depending on BuyerID/SupplierID,
      // which a single reference cannot express; `beforeSave` checks them instead.
      references: {
        SecurityProfileID: { resource: 'SecurityProfiles' },
        BuyerID: { resource: 'Buyers' },
        SupplierID: { resource: 'Suppliers' },
      },
      parties: { user: true, group: true },
      noun: 'security profile assignment',
      hooks: {
        async beforeSave(item, { store }) {
          await requireParty(store, item, {
            buyer: 'BuyerID',
            supplier: 'SupplierID',
            user: 'UserID',
            group: 'UserGroupID',
          });
        },
      },
    },
  ],
  hooks: {
    async beforeWrite({ next }) {
      const config = next.PasswordConfig;
      const minimum =
        config && typeof config === 'object' ? (config as Record<string, unknown>).MinimumCharacterCount : null;
      if (typeof minimum === 'number' && minimum < 10) {
        throw validation(
          'PasswordConfig.MinimumCharacterCount must be at least 10.',
          { Property: 'PasswordConfig.MinimumCharacterCount', Value: minimum },
          'SecurityProfile.InvalidPasswordConfiguration',
        );
      }
    },
    async beforeDelete(context) {
      await assertNoImpersonationConfig(
        context,
        'SecurityProfileID',
        'Impersonation.CannotDeleteSecurityProfile',
        'The security profile is used by an impersonation config; delete the config first.',
      );
    },
  },
};

const impersonationConfigs: ResourceDefinition = {
  name: 'ImpersonationConfigs',
  section: 'AuthenticationAndAuthorization',
  description:
    'Rules that let one party act as buyer users: which client, which impersonated party, and the roles granted meanwhile.',
  noun: { singular: 'impersonation config', plural: 'impersonation configs' },
  path: '/impersonationconfig',
  idParam: 'impersonationConfigID',
  model: impersonationConfigModel,
  requiredOnCreate: ['SecurityProfileID', 'ClientID'],
  roles: { read: ['SetSecurityProfile'], write: ['SetSecurityProfile'] },
  searchable: [
    'ImpersonationBuyerID',
    'ImpersonationGroupID',
    'ImpersonationUserID',
    'BuyerID',
    'GroupID',
    'UserID',
    'SecurityProfileID',
    'ClientID',
    'ID',
  ],
  sortable: [
    'ImpersonationBuyerID',
    'ImpersonationGroupID',
    'ImpersonationUserID',
    'BuyerID',
    'GroupID',
    'UserID',
    'SecurityProfileID',
    'ClientID',
    'ID',
  ],
  // The impersonator (Impersonation*) may be an admin or a buyer party, so `beforeWrite` checks its
  // group and user; the impersonated party is always inside a buyer.
  references: {
    ClientID: { resource: 'ApiClients' },
    SecurityProfileID: { resource: 'SecurityProfiles' },
    ImpersonationBuyerID: { resource: 'Buyers' },
    BuyerID: { resource: 'Buyers' },
    GroupID: { resource: 'UserGroups', parentFrom: ['BuyerID'] },
    UserID: { resource: 'Users', parentFrom: ['BuyerID'] },
  },
  hooks: {
    async beforeWrite({ next, store }) {
      // A null BuyerID means any buyer, and a group or user ID alone does not say whose it is.
      const named = ['GroupID', 'UserID'].filter((field) => filled(next[field]));
      if (named.length > 0 && !filled(next.BuyerID)) {
        throw validation(`BuyerID is required when ${named.join(' and ')} is given.`, { Property: 'BuyerID' });
      }
      await requireParty(store, next, {
        buyer: 'ImpersonationBuyerID',
        user: 'ImpersonationUserID',
        group: 'ImpersonationGroupID',
      });
    },
  },
};

/** Authentication and authorization: API clients, security profiles and impersonation configs. */
export const authenticationResources: readonly ResourceDefinition[] = [
  apiClients,
  securityProfiles,
  impersonationConfigs,
];
