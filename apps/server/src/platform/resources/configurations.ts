import { ApiError, notFound } from '../engine/errors.ts';
import { validateBody } from '../engine/validate.ts';
import { defineModel, enumOf, id, int, model, text } from './fields.ts';
import type { ResourceDefinition } from './types.ts';

/** Incrementor: a counter whose next value replaces `{incrementorID}` tokens in new IDs. */
export const incrementorModel = defineModel('Incrementor', {
  ID: id(),
  Name: text(100),
  LastNumber: int({ description: 'The last number handed out; the next ID gets this plus one.' }),
  LeftPaddingCount: int({ description: 'Zeros are added on the left until the number has this many digits.' }),
});

/** XpIndex: an xp key of one kind of object that lists may filter and sort on. */
export const xpIndexModel = defineModel('XpIndex', {
  ThingType: enumOf('XpThingType'),
  // The key is a path segment of the Delete call, so it keeps to the length a path id may have.
  Key: text(100),
});

/**
 * Xp indices have no ID on the wire; each is stored under `ThingType.Key`, which also makes
 * saving the same index twice a no-op.
 */
const xpIndexId = (thingType: string, key: string) => `${thingType}.${key}`;

const incrementors: ResourceDefinition = {
  name: 'Incrementors',
  section: 'Configurations',
  description: 'Counters that generate sequential IDs, such as order numbers.',
  noun: { singular: 'incrementor', plural: 'incrementors' },
  path: '/incrementors',
  idParam: 'incrementorID',
  model: incrementorModel,
  requiredOnCreate: ['LastNumber', 'LeftPaddingCount'],
  roles: { read: ['IncrementorAdmin', 'IncrementorReader'], write: ['IncrementorAdmin'] },
  searchable: ['ID', 'Name'],
  sortable: ['ID', 'Name'],
};

const xpIndices: ResourceDefinition = {
  name: 'XpIndices',
  section: 'Configurations',
  description: 'The xp keys that list calls may filter and sort on, per kind of object.',
  noun: { singular: 'xp index', plural: 'xp indices' },
  path: '/xpindices',
  model: xpIndexModel,
  requiredOnCreate: [],
  roles: { read: ['XpIndexAdmin'], write: ['XpIndexAdmin'] },
  // Indices are written with PUT on the collection and deleted by type and key, not by an ID.
  operations: ['List'],
  searchable: ['ThingType', 'Key'],
  sortable: ['ThingType', 'Key'],
  extraOperations: [
    {
      name: 'Put',
      method: 'PUT',
      path: '/xpindices',
      roles: ['XpIndexAdmin'],
      summary: 'Create or update an xp index.',
      description: 'Saving an index that already exists changes nothing.',
      body: { schema: model('XpIndex') },
      response: { status: 204 },
      async handler({ body, registry, store }) {
        const { value, errors } = validateBody(registry, xpIndexModel, body, {
          required: ['ThingType', 'Key'],
          previous: undefined,
        });
        if (errors.length > 0) throw ApiError.many(400, errors);
        const thingType = String(value.ThingType);
        const key = String(value.Key);
        await store.put('XpIndices', [], { ID: xpIndexId(thingType, key), ThingType: thingType, Key: key });
        return undefined;
      },
    },
    {
      name: 'Delete',
      method: 'DELETE',
      path: '/xpindices/{thingType}/{key}',
      roles: ['XpIndexAdmin'],
      summary: 'Delete an xp index.',
      response: { status: 204 },
      async handler({ params, store }) {
        const indexId = xpIndexId(params.thingType ?? '', params.key ?? '');
        if (!(await store.remove('XpIndices', [], indexId))) throw notFound('XpIndex', indexId);
        return undefined;
      },
    },
  ],
  hooks: {
    // The storage ID is internal: the wire model is only ThingType and Key.
    async present({ ThingType, Key }) {
      return { ThingType, Key };
    },
  },
};

/** Configurations: incrementors and xp indices. */
export const configurationResources: readonly ResourceDefinition[] = [incrementors, xpIndices];
