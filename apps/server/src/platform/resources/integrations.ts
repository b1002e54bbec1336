import { validation } from '../engine/errors.ts';
import { filled } from '../engine/values.ts';
import { deliveryTargetModels } from './delivery-targets.ts';
import type { ModelDefinition } from './fields.ts';
import { anyObject, bool, defineModel, enumOf, id, list, model, readOnly, text } from './fields.ts';
import { assertCustomAuthHeader, assertEventOfType, eventName, integrationEvents } from './integration-events.ts';
import { messageSenders } from './message-senders.ts';
import type { ResourceDefinition } from './types.ts';

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

/** Models used only nested inside the integration models; the registry index passes them as shared models. */
export const integrationModels: readonly ModelDefinition[] = [webhookRouteModel, ...deliveryTargetModels];

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
    beforeWrite: ({ next, store }) => assertEventOfType(store, next, 'IntegrationEventID', 'OpenIDConnect'),
    present: async (item, { store }) => ({
      ...item,
      IntegrationEventName: await eventName(store, item.IntegrationEventID),
    }),
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

/** Integrations: webhooks, sign-in providers, tracking, delivery destinations, integration events, messages. */
export const integrationResources: readonly ResourceDefinition[] = [
  webhooks,
  openIdConnects,
  trackingEvents,
  deliveryConfigurations,
  integrationEvents,
  messageSenders,
];
