import { validation } from '../engine/errors.ts';
import { defineModel, id, int, text, xp } from './fields.ts';
import type { ResourceDefinition, WriteContext } from './types.ts';

const productFacetModel = defineModel('ProductFacet', {
  ID: id(),
  Name: text(100),
  XpPath: text(200, { description: 'Path of the product xp field the facet counts; defaults to the facet ID.' }),
  ListOrder: int(),
  MinCount: int({
    default: 1,
    description: 'Smallest count for a value to be listed; 0 lists values with no products.',
  }),
  xp: xp(),
});

async function assertXpPathFree({ store, id, next, previous }: WriteContext): Promise<void> {
  const xpPath = next.XpPath;
  // An unchanged path was checked when it was set; skipping also keeps the facet from matching itself.
  if (typeof xpPath !== 'string' || xpPath === '' || xpPath === previous?.XpPath) return;
  const holders = (await store.find('ProductFacets', [], { XpPath: xpPath })).filter((stored) => stored.id !== id);
  if (holders.length > 0) {
    throw validation('Another product facet already uses this XpPath.', { XpPath: xpPath }, 'ProductFacet.XpPathInUse');
  }
}

/** Product facets: the xp fields product lists count values of, for filtering by facet. */
export const productFacetResources: readonly ResourceDefinition[] = [
  {
    name: 'ProductFacets',
    section: 'ProductsAndCatalogs',
    description:
      'A product facet names an extended property of products whose values product lists count, so shoppers can ' +
      'narrow a list by them (for example by colour or brand). Facet counts appear in the list metadata.',
    noun: { singular: 'product facet', plural: 'product facets' },
    path: '/productfacets',
    idParam: 'productFacetID',
    model: productFacetModel,
    requiredOnCreate: ['Name'],
    roles: { read: ['ProductFacetAdmin', 'ProductFacetReader'], write: ['ProductFacetAdmin'] },
    searchable: ['ID', 'Name'],
    sortable: ['ListOrder', 'ID', 'Name'],
    hooks: { beforeWrite: assertXpPathFree },
  },
];
