import type { Item } from '../engine/item.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { byListOrder, isRecord, now, presentItems, queryValue } from './catalog-rules.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  enumOf,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import { specOptions } from './specs.ts';
import type { OperationContext, ResourceDefinition } from './types.ts';

const variantInventoryModel = defineModel('VariantInventory', {
  QuantityAvailable: int(),
  NotificationPoint: int(),
  LastUpdated: readOnly(date()),
});

/** One spec choice a variant stands for, copied from the spec and option when the variant was generated. */
const variantSpecModel = defineModel('VariantSpec', {
  SpecID: text(),
  Name: readOnly(text()),
  OptionID: text(),
  Value: text(2000),
  PriceMarkupType: enumOf('PriceMarkupType'),
  PriceMarkup: decimal(),
});

/** Models used only inside variant fields (part of `productModels`). */
export const variantModels: readonly ModelDefinition[] = [variantInventoryModel, variantSpecModel];

const variantModel = defineModel('Variant', {
  ID: id(),
  Name: text(100),
  Description: text(2000),
  Active: bool(),
  ShipWeight: decimal(),
  ShipHeight: decimal(),
  ShipWidth: decimal(),
  ShipLength: decimal(),
  Inventory: model('VariantInventory'),
  Specs: readOnly(list(model('VariantSpec'))),
  xp: xp(),
});

/** Inventory.LastUpdated is read-only: it moves whenever any other inventory figure changes. */
export function stampInventory(next: Item, previous: Item | undefined): void {
  const inventory = next.Inventory;
  if (!isRecord(inventory)) return;
  const before = isRecord(previous?.Inventory) ? previous.Inventory : undefined;
  const keys = new Set([...Object.keys(inventory), ...Object.keys(before ?? {})]);
  const changed = !before || [...keys].some((key) => key !== 'LastUpdated' && before[key] !== inventory[key]);
  next.Inventory = { ...inventory, LastUpdated: changed ? now() : (before.LastUpdated ?? null) };
}

interface Axis {
  spec: Item;
  options: Item[];
}

type Combination = Array<{ spec: Item; option: Item }>;

/** The product's variant-defining specs that have options, in spec display order. */
async function variantAxes(store: Store, productId: string): Promise<Axis[]> {
  const axes: Axis[] = [];
  for (const assignment of await store.findAssignments('SpecProductAssignment', [], { ProductID: productId })) {
    const spec = await store.get('Specs', [], String(assignment.SpecID));
    if (spec?.DefinesVariant !== true) continue;
    const options = await specOptions(store, String(spec.ID));
    // A spec without options cannot tell variants apart; leaving it out keeps the other specs' variants.
    if (options.length > 0) axes.push({ spec, options });
  }
  return axes.sort((a, b) => byListOrder(a.spec, b.spec));
}

/** Every combination of one option per axis (none when there are no axes). */
function combinations(axes: readonly Axis[]): Combination[] {
  if (axes.length === 0) return [];
  return axes.reduce<Combination[]>(
    (partial, axis) =>
      partial.flatMap((combination) => axis.options.map((option) => [...combination, { spec: axis.spec, option }])),
    [[]],
  );
}

function newVariant(productId: string, product: Item, combination: Combination): Item {
  return {
    ID: [productId, ...combination.map(({ option }) => String(option.ID))].join('-'),
    Name: null,
    Description: null,
    // A new variant is as available as its product until someone changes it.
    Active: product.Active ?? false,
    ShipWeight: null,
    ShipHeight: null,
    ShipWidth: null,
    ShipLength: null,
    Inventory: null,
    Specs: combination.map(({ spec, option }) => ({
      SpecID: spec.ID,
      Name: spec.Name ?? null,
      OptionID: option.ID,
      Value: option.Value ?? null,
      PriceMarkupType: option.PriceMarkupType ?? null,
      PriceMarkup: option.PriceMarkup ?? null,
    })),
    xp: {},
  };
}

/**
 * `Products.GenerateVariants`: one variant per combination of the options of the product's
 * variant-defining specs, with ID `{productID}-{optionID}-{optionID}...`. Answers the product.
 */
export async function generateVariants({ store, params, query, registry }: OperationContext): Promise<unknown> {
  const productId = params.productID as string;
  const product = await store.require('Products', [], productId);
  if (product.IsParent === true || product.ParentID) {
    throw validation(
      'Parent and child products cannot have variants.',
      { ProductID: productId },
      'Product.ParentChildProductsCannotHaveVariants',
    );
  }
  const overwrite = queryValue(query, 'overwriteExisting')?.toLowerCase() === 'true';
  await store.transaction(async (tx) => {
    // Without overwriting, only missing combinations are added, so edited variants (and ones whose
    // spec was since removed) survive; overwriting starts again from the current specs.
    if (overwrite) {
      await tx.removeUnder('Variants', [productId]);
      // Stock counted per variant goes with the variants it counted.
      await tx.removeUnder('VariantInventoryRecords', [productId]);
    }
    const existing = new Set((await tx.find('Variants', [productId])).map((stored) => stored.id));
    for (const combination of combinations(await variantAxes(tx, productId))) {
      const variant = newVariant(productId, product, combination);
      if (!existing.has(String(variant.ID))) await tx.insert('Variants', [productId], variant);
    }
  });
  const [presented] = await presentItems(registry.resource('Products'), [product], store);
  return presented;
}

/** Variants of a product, published as `Products.ListVariants`, `Products.GetVariant`, ... */
export const variantResource: ResourceDefinition = {
  name: 'Variants',
  operationOwner: 'Products',
  operationNames: { List: 'ListVariants', Get: 'GetVariant', Save: 'SaveVariant', Patch: 'PatchVariant' },
  section: 'ProductsAndCatalogs',
  description: 'The variants of a product, one per combination of the options of its variant-defining specs.',
  noun: { singular: 'product variant', plural: 'product variants' },
  path: '/products/{productID}/variants',
  idParam: 'variantID',
  model: variantModel,
  requiredOnCreate: [],
  roles: { read: ['ProductAdmin', 'ProductReader'], write: ['ProductAdmin'] },
  operations: ['List', 'Get', 'Save', 'Patch'],
  searchable: ['ID', 'Name', 'Description'],
  sortable: ['ID', 'Name'],
  hooks: {
    async beforeWrite({ id, next, previous }) {
      // Variants come only from GenerateVariants; PUT updates one but cannot create it.
      if (!previous) throw notFound('Variant', id);
      stampInventory(next, previous);
    },
  },
};
