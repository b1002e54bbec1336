import type { Item } from '../engine/item.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { anyObject, defineModel, enumOf, id, list, text } from './fields.ts';
import type { ResourceDefinition } from './types.ts';

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

/** A custom auth header is sent as a name and a value, so one without the other is a mistake. */
export function assertCustomAuthHeader(item: Item): void {
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

/**
 * Checks the integration event an item links to in `field` (when it names one): it must exist
 * (404) and be of the event type the link serves (an API client's checkout event, an OpenID
 * Connect's sign-in event).
 */
export async function assertEventOfType(store: Store, item: Item, field: string, type: string): Promise<void> {
  const eventId = item[field];
  if (!filled(eventId)) return;
  const event = await store.get('IntegrationEvents', [], eventId);
  if (!event) throw notFound('IntegrationEvent', eventId);
  if (event.EventType !== type) {
    throw validation(
      `${field} must name an integration event of type ${type}.`,
      { Property: field, EventType: event.EventType ?? null },
      'IntegrationEvent.IncompatibleEventType',
    );
  }
}

/** The name of a linked integration event, shown next to its ID; null when none is linked (or it is gone). */
export async function eventName(store: Store, eventId: unknown): Promise<unknown> {
  const event = filled(eventId) ? await store.get('IntegrationEvents', [], eventId) : undefined;
  return event?.Name ?? null;
}

export const integrationEvents: ResourceDefinition = {
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
