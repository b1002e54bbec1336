import type { Item } from '../engine/item.ts';
import { validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { byListOrder, pairAssignment } from './catalog-rules.ts';
import { bool, decimal, defineModel, enumOf, id, int, list, model, readOnly, text, xp } from './fields.ts';
import { withOwnerId } from './owner.ts';
import type { PresentContext, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

const PRODUCT_ROLES: RoleSet = { read: ['ProductAdmin', 'ProductReader'], write: ['ProductAdmin'] };

/** Spec: a choice a shopper makes or a value they enter for a product (size, colour, engraving text). */
export const specModel = defineModel('Spec', {
  OwnerID: text(),
  ID: id(),
  ListOrder: int(),
  Name: text(),
  DefaultValue: text(2000),
  Required: bool(),
  AllowOpenText: bool(),
  DefaultOptionID: text(),
  DefinesVariant: bool({ description: "When true, every combination of this spec's options is a separate variant." }),
  xp: xp(),
  OptionCount: readOnly(int()),
  Options: readOnly(list(model('SpecOption'))),
});

/** SpecOption: one predefined value of a spec, optionally changing the price. */
export const specOptionModel = defineModel('SpecOption', {
  ID: id(),
  Value: text(2000),
  ListOrder: int(),
  IsOpenText: bool(),
  PriceMarkupType: enumOf('PriceMarkupType'),
  PriceMarkup: decimal(),
  xp: xp(),
});

const specProductAssignmentModel = defineModel('SpecProductAssignment', {
  SpecID: text(),
  ProductID: text(),
  DefaultValue: text(2000, { description: "Replaces the spec's default value for this product only." }),
  DefaultOptionID: text(undefined, { description: "Replaces the spec's default option for this product only." }),
});

/** The options of a spec, in display order. */
export async function specOptions(store: Store, specId: string): Promise<Item[]> {
  const found = await store.find('SpecOptions', [specId]);
  return found.map((stored) => stored.item).sort(byListOrder);
}

/** Fills a spec's computed fields: its options and their count. Also used by `Products.ListSpecs`. */
export async function presentSpec(item: Item, context: Pick<PresentContext, 'store'>): Promise<Item> {
  const options = await specOptions(context.store, String(item.ID));
  return { ...item, OptionCount: options.length, Options: options };
}

async function checkSpec({ store, id, next, previous }: WriteContext): Promise<void> {
  // A variant is one exact combination of options, so variant specs must be chosen and cannot be free text.
  if (next.DefinesVariant === true && next.Required !== true) {
    throw validation('A spec that defines variants must be required.', { SpecID: id }, 'Spec.MustBeRequired');
  }
  if (next.DefinesVariant === true && next.AllowOpenText === true) {
    throw validation(
      'A spec that defines variants cannot allow open text.',
      { SpecID: id },
      'Spec.CannotAllowOpenText',
    );
  }
  // The default option must be one of this spec's own options, which exist only once the spec does.
  // Only a changed value is checked, so deleting that option later does not block other edits.
  const optionId = next.DefaultOptionID;
  if (typeof optionId === 'string' && optionId !== '' && optionId !== previous?.DefaultOptionID) {
    await store.require('SpecOptions', [String(previous?.ID ?? id)], optionId);
  }
}

/** Specs and their options (`Specs.ListOptions`, ...), plus their assignments to products. */
export const specResources: readonly ResourceDefinition[] = [
  {
    name: 'Specs',
    section: 'ProductsAndCatalogs',
    description:
      'Specs describe the choices a shopper makes when ordering a product, such as a size or a colour, or a value ' +
      'they type in. A spec applies to the products it is assigned to; specs that define variants turn each ' +
      'combination of their options into a separate variant of the product.',
    noun: { singular: 'spec', plural: 'specs' },
    path: '/specs',
    idParam: 'specID',
    model: specModel,
    requiredOnCreate: ['Name'],
    roles: PRODUCT_ROLES,
    searchable: ['ID', 'Name'],
    sortable: ['ListOrder', 'Name', 'ID'],
    assignments: [
      pairAssignment({
        model: specProductAssignmentModel,
        owner: { field: 'SpecID', param: 'specID', reference: { resource: 'Specs' } },
        member: { field: 'ProductID', param: 'productID', reference: { resource: 'Products' } },
        memberKind: 'Product',
        path: '/specs/productassignments',
        deletePath: '/specs/{specID}/productassignments/{productID}',
        // This list takes plain filters on the model's fields rather than named parameters.
        listFilters: { SpecID: 'SpecID', ProductID: 'ProductID' },
        roles: PRODUCT_ROLES,
        noun: 'spec product assignment',
      }),
    ],
    hooks: {
      beforeWrite: withOwnerId(checkSpec),
      present: presentSpec,
    },
  },
  {
    name: 'SpecOptions',
    operationOwner: 'Specs',
    operationNames: {
      List: 'ListOptions',
      Create: 'CreateOption',
      Get: 'GetOption',
      Save: 'SaveOption',
      Patch: 'PatchOption',
      Delete: 'DeleteOption',
    },
    section: 'ProductsAndCatalogs',
    description: 'The predefined values a shopper can pick for a spec, each of which may add to the price.',
    noun: { singular: 'spec option', plural: 'spec options' },
    path: '/specs/{specID}/options',
    idParam: 'optionID',
    model: specOptionModel,
    requiredOnCreate: ['Value'],
    roles: PRODUCT_ROLES,
    searchable: ['ID', 'Value'],
    sortable: ['ListOrder', 'ID', 'Value'],
  },
];
