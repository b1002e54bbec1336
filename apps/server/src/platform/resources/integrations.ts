import type { Item } from '../engine/context.ts';
import { notFound, validation } from '../engine/errors.ts';
import { deliveryTargetModels } from './delivery-targets.ts';
import type { ModelDefinition } from './fields.ts';
import { anyObject, bool, defineModel, enumOf, id, list, model, readOnly, text, xp } from './fields.ts';
import type { ResourceDefinition } from './types.ts';
import { requireParty } from './user-rules.ts';

/** WebhookRoute: one route and verb a webhook listens to, e.g. `v1/buyers/{buyerID}/users` and `POST`. */
export const webhookRouteModel = defineModel('WebhookRoute', {
  Route: text(),
  Verb: text(),
});

export const webhookModel = defineModel('Webhook', {
  ID: id(),
  Name: text(),
  Description: text(2000),
  Url: text(),
  HashKey: text(),
  ElevatedRoles: list(enumOf('ApiRole'), { default: [] }),
  ConfigData: anyObject(),
  BeforeProcessRequest: bool(),
  ApiClientIDs: list(text(), { default: [] }),
  WebhookRoutes: list(model('WebhookRoute'), { default: [] }),
  DeliveryConfigID: text(),
  CustomAuthHeaderName: text(),
  CustomAuthHeaderValue: text(),
});

export const openIdConnectModel = defineModel('OpenIdConnect', {
  ID: id(),
  OrderCloudApiClientID: text(undefined, {
    description: 'The API client users sign in to through the identity provider.',
  }),
  ConnectClientID: text(),
  ConnectClientSecret: text(),
  AppStartUrl: text(),
  AuthorizationEndpoint: text(),
  TokenEndpoint: text(),
  UrlEncoded: bool(),
  IntegrationEventID: text(),
  CallSyncUserIntegrationEvent: bool(),
  IntegrationEventName: readOnly(text()),
  AdditionalIdpScopes: list(text(), { default: [] }),
  CustomErrorUrl: text(),
});

export const trackingEventModel = defineModel('TrackingEvent', {
  ID: id(),
  EventType: enumOf('TrackingEventType'),
  ClientID: text(),
  Name: text(),
  ConfigData: anyObject(),
  DeliveryConfigID: text(),
});

export const deliveryConfigModel = defineModel('DeliveryConfig', {
  ID: id(),
  Name: text(128),
  Enabled: bool(),
  DeliveryTargets: model('DeliveryTargets'),
});

export const integrationEventModel = defineModel('IntegrationEvent', {
  ElevatedRoles: list(enumOf('ApiRole'), { default: [] }),
  ID: id(),
  ConfigData: anyObject(),
  EventType: enumOf('IntegrationEventType'),
  CustomImplementationUrl: text(),
  CustomAuthHeaderName: text(),
  CustomAuthHeaderValue: text(),
  Name: text(),
  HashKey: text(50),
});

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

/** Models used only nested inside the integration models; the registry index passes them as shared models. */
export const integrationModels: readonly ModelDefinition[] = [webhookRouteModel, ...deliveryTargetModels];

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A custom auth header is sent as a name and a value, so one without the other is a mistake. */
function assertCustomAuthHeader(item: Item): void {
  const hasName = filled(item.CustomAuthHeaderName);
  const hasValue = filled(item.CustomAuthHeaderValue);
  if (hasValue && !hasName) {
    throw validation(
      'CustomAuthHeaderName is required when CustomAuthHeaderValue is given.',
      { Property: 'CustomAuthHeaderName' },
      'Integration.CustomAuthHeaderNameRequired',
    );
  }
  if (hasName && !hasValue) {
    throw validation(
      'CustomAuthHeaderValue is required when CustomAuthHeaderName is given.',
      { Property: 'CustomAuthHeaderValue' },
      'Integration.CustomAuthHeaderValueRequired',
    );
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Webhooks carry signed payloads, so they need https; plain http is let through for local development only. */
function isSecureOrLocal(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && (LOCAL_HOSTS.has(parsed.hostname) || parsed.hostname.endsWith('.localhost'));
}

const webhooks: ResourceDefinition = {
  name: 'Webhooks',
  section: 'Integrations',
  description: 'Calls the marketplace makes to an outside URL before or after chosen API requests.',
  noun: { singular: 'webhook', plural: 'webhooks' },
  path: '/webhooks',
  idParam: 'webhookID',
  model: webhookModel,
  requiredOnCreate: ['Name'],
  roles: { read: ['WebhookAdmin', 'WebhookReader'], write: ['WebhookAdmin'] },
  searchable: ['ID', 'Name', 'Description', 'Url'],
  sortable: ['Name', 'ID'],
  references: { DeliveryConfigID: { resource: 'DeliveryConfigurations' } },
  hooks: {
    async beforeWrite({ next }) {
      assertCustomAuthHeader(next);
      if (filled(next.DeliveryConfigID)) {
        // A pre-hook must answer the request it intercepts, which a delivery target cannot do.
        if (next.BeforeProcessRequest === true) {
          throw validation(
            'A webhook that runs before the request cannot use a delivery configuration.',
            { Property: 'DeliveryConfigID' },
            'Webhook.InvalidDeliveryConfig',
          );
        }
        return;
      }
      if (!filled(next.Url)) {
        throw validation('Url is required when no delivery configuration is given.', { Property: 'Url' });
      }
      if (!isSecureOrLocal(next.Url)) {
        throw validation(
          'Webhook URL must be well-formed and use https.',
          { Property: 'Url' },
          'Webhook.UrlSchemeHttps',
        );
      }
      if (!filled(next.HashKey)) {
        throw validation('HashKey is required for this webhook.', { Property: 'HashKey' }, 'Webhook.MissingHashKey');
      }
    },
  },
};

const openIdConnects: ResourceDefinition = {
  name: 'OpenIdConnects',
  section: 'Integrations',
  description: 'Sign-in through an outside identity provider, linked to an API client of the marketplace.',
  noun: { singular: 'OpenID Connect', plural: 'OpenID Connects' },
  path: '/openidconnects',
  idParam: 'openidconnectID',
  model: openIdConnectModel,
  requiredOnCreate: [
    'OrderCloudApiClientID',
    'ConnectClientID',
    'ConnectClientSecret',
    'AppStartUrl',
    'AuthorizationEndpoint',
    'TokenEndpoint',
  ],
  roles: { read: ['OpenIDConnectAdmin', 'OpenIDConnectReader'], write: ['OpenIDConnectAdmin'] },
  searchable: ['ID'],
  sortable: ['ID'],
  references: {
    OrderCloudApiClientID: { resource: 'ApiClients' },
    IntegrationEventID: { resource: 'IntegrationEvents' },
  },
  hooks: {
    async beforeWrite({ next, store }) {
      if (!filled(next.IntegrationEventID)) return;
      const event = await store.get('IntegrationEvents', [], next.IntegrationEventID);
      if (!event) throw notFound('IntegrationEvent', next.IntegrationEventID);
      if (event.EventType !== 'OpenIDConnect') {
        throw validation(
          'IntegrationEventID must name an integration event of type OpenIDConnect.',
          { Property: 'IntegrationEventID', EventType: event.EventType ?? null },
          'IntegrationEvent.IncompatibleEventType',
        );
      }
    },
    async present(item, { store }) {
      const eventId = item.IntegrationEventID;
      const event = filled(eventId) ? await store.get('IntegrationEvents', [], eventId) : undefined;
      return { ...item, IntegrationEventName: event?.Name ?? null };
    },
  },
};

const trackingEvents: ResourceDefinition = {
  name: 'TrackingEvents',
  section: 'Integrations',
  description: 'Shopper activity (sign-ins, cart changes, submitted orders) forwarded to a delivery configuration.',
  noun: { singular: 'tracking event', plural: 'tracking events' },
  path: '/integrations/trackingEvents',
  idParam: 'eventID',
  model: trackingEventModel,
  requiredOnCreate: ['EventType', 'ClientID', 'Name', 'DeliveryConfigID'],
  roles: { read: ['TrackingEventAdmin', 'TrackingEventReader'], write: ['TrackingEventAdmin'] },
  searchable: ['ID', 'EventType'],
  sortable: ['ID', 'EventType'],
  // ClientID and DeliveryConfigID are checked by the hook rather than `references`: the platform
  // answers a missing one with its own 400 codes instead of a 404.
  hooks: {
    async beforeWrite({ next, previous, store, id: eventId }) {
      if (previous && (previous.ClientID !== next.ClientID || previous.EventType !== next.EventType)) {
        throw validation(
          'ClientID and EventType cannot be changed.',
          { Properties: ['ClientID', 'EventType'] },
          'TrackingEvent.CannotUpdateProperty',
        );
      }
      const clientId = String(next.ClientID ?? '');
      if (!(await store.get('ApiClients', [], clientId))) {
        throw validation('No API client has this ClientID.', { ClientID: clientId }, 'TrackingEvent.InvalidClientID');
      }
      const deliveryConfigId = String(next.DeliveryConfigID ?? '');
      if (!(await store.get('DeliveryConfigurations', [], deliveryConfigId))) {
        throw validation(
          'No delivery configuration has this DeliveryConfigID.',
          { DeliveryConfigID: deliveryConfigId },
          'TrackingEvent.InvalidDeliveryConfigID',
        );
      }
      const eventType = String(next.EventType ?? '');
      const sameType = await store.find('TrackingEvents', [], { ClientID: clientId, EventType: eventType });
      if (sameType.some((found) => found.id !== eventId && found.id !== previous?.ID)) {
        throw validation(
          'The API client already has a tracking event of this type.',
          { ClientID: clientId, EventType: eventType },
          'TrackingEvent.CannotCreateMultipleEventsOfSameType',
        );
      }
    },
  },
};

/** Resources whose `DeliveryConfigID` keeps a delivery configuration in use. */
const DELIVERY_CONFIG_USERS = ['Webhooks', 'TrackingEvents', 'MessageSenders'] as const;

const deliveryConfigurations: ResourceDefinition = {
  name: 'DeliveryConfigurations',
  section: 'Integrations',
  description: 'Destinations that webhooks, tracking events and message senders deliver their events to.',
  noun: { singular: 'delivery configuration', plural: 'delivery configurations' },
  path: '/integrations/deliveryconfig',
  idParam: 'deliveryConfigID',
  model: deliveryConfigModel,
  requiredOnCreate: ['Name', 'DeliveryTargets'],
  roles: { read: ['DeliveryConfigAdmin'], write: ['DeliveryConfigAdmin'] },
  searchable: ['ID', 'Name'],
  sortable: ['ID', 'Name'],
  hooks: {
    async beforeDelete({ store, id: configId }) {
      for (const resource of DELIVERY_CONFIG_USERS) {
        const users = await store.find(resource, [], { DeliveryConfigID: configId });
        if (users.length > 0) {
          throw validation(
            'The delivery configuration is in use and cannot be deleted.',
            { ObjectType: resource, ObjectIDs: users.map((user) => user.id) },
            'DeliveryConfig.CannotDeleteConfigInUse',
          );
        }
      }
    },
  },
};

const integrationEvents: ResourceDefinition = {
  name: 'IntegrationEvents',
  section: 'Integrations',
  description: 'Outside services the marketplace calls during checkout, returns, add-to-cart and single sign-on.',
  noun: { singular: 'integration event', plural: 'integration events' },
  path: '/integrationEvents',
  idParam: 'integrationEventID',
  model: integrationEventModel,
  requiredOnCreate: ['CustomImplementationUrl', 'Name', 'HashKey'],
  roles: { read: ['IntegrationEventAdmin', 'IntegrationEventReader'], write: ['IntegrationEventAdmin'] },
  searchable: ['ID', 'EventType', 'Name'],
  sortable: ['ID', 'EventType', 'Name'],
  hooks: {
    async beforeWrite({ next, previous }) {
      assertCustomAuthHeader(next);
      // API clients and OpenID Connects rely on the type they were linked with.
      if (previous && (previous.EventType ?? null) !== (next.EventType ?? null)) {
        throw validation(
          "The EventType can't be changed once the event is created.",
          { Property: 'EventType' },
          'IntegrationEvent.CannotEditType',
        );
      }
    },
    async beforeDelete({ store, id: eventId }) {
      const users = [
        ...(await store.find('ApiClients', [], { OrderCheckoutIntegrationEventID: eventId })),
        ...(await store.find('ApiClients', [], { OrderReturnIntegrationEventID: eventId })),
        ...(await store.find('ApiClients', [], { AddToCartIntegrationEventID: eventId })),
        ...(await store.find('OpenIdConnects', [], { IntegrationEventID: eventId })),
      ];
      if (users.length > 0) {
        throw validation(
          'The integration event is in use and cannot be deleted.',
          { ObjectIDs: users.map((user) => user.id) },
          'IntegrationEvent.CannotDeleteInUse',
        );
      }
    },
  },
};

const messageSenders: ResourceDefinition = {
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

/** Integrations: webhooks, sign-in providers, tracking, delivery destinations, integration events, messages. */
export const integrationResources: readonly ResourceDefinition[] = [
  webhooks,
  openIdConnects,
  trackingEvents,
  deliveryConfigurations,
  integrationEvents,
  messageSenders,
];
