import type { Item } from '../engine/item.ts';
import type { SeedContext } from './common.ts';
import type { ProductPlan } from './product-gen.ts';
import type { Random } from './random.ts';

interface OptionDefinition {
  id: string;
  value: string;
  markup?: { type: 'AmountPerQuantity' | 'AmountTotal' | 'Percentage'; amount: number };
}

interface SpecDefinition {
  id: string;
  name: string;
  listOrder: number;
  definesVariant: boolean;
  required: boolean;
  allowOpenText: boolean;
  defaultOptionId: string | null;
  options: readonly OptionDefinition[];
}

const SPECS: readonly SpecDefinition[] = [
  {
    id: 'color',
    name: 'Color',
    listOrder: 1,
    definesVariant: true,
    required: true,
    allowOpenText: false,
    defaultOptionId: null,
    options: [
      { id: 'black', value: 'Black' },
      { id: 'forest-green', value: 'Forest Green' },
      { id: 'navy', value: 'Navy' },
      { id: 'burnt-orange', value: 'Burnt Orange' },
    ],
  },
  {
    id: 'apparel-size',
    name: 'Size',
    listOrder: 2,
    definesVariant: true,
    required: true,
    allowOpenText: false,
    defaultOptionId: null,
    options: [
      { id: 's', value: 'S' },
      { id: 'm', value: 'M' },
      { id: 'l', value: 'L' },
      { id: 'xl', value: 'XL', markup: { type: 'AmountPerQuantity', amount: 5 } },
    ],
  },
  {
    id: 'embroidery',
    name: 'Logo Embroidery',
    listOrder: 3,
    definesVariant: false,
    required: false,
    allowOpenText: false,
    defaultOptionId: 'none',
    options: [
      { id: 'none', value: 'No embroidery' },
      { id: 'left-chest', value: 'Left chest logo', markup: { type: 'AmountPerQuantity', amount: 6 } },
      { id: 'full-back', value: 'Full back logo', markup: { type: 'AmountPerQuantity', amount: 12 } },
    ],
  },
  {
    id: 'warranty',
    name: 'Extended Warranty',
    listOrder: 4,
    definesVariant: false,
    required: false,
    allowOpenText: false,
    defaultOptionId: 'standard',
    options: [
      { id: 'standard', value: 'Standard (1 year)' },
      { id: 'three-year', value: '3 years', markup: { type: 'AmountTotal', amount: 19.99 } },
      { id: 'five-year', value: '5 years', markup: { type: 'Percentage', amount: 10 } },
    ],
  },
  {
    id: 'engraving',
    name: 'Engraving Text',
    listOrder: 5,
    definesVariant: false,
    required: false,
    allowOpenText: true,
    defaultOptionId: null,
    options: [],
  },
];

/** The variants of a product and the spec choices each stands for, for line items. */
export interface SeededVariant {
  variant: Item;
  /** LineItemSpec-shaped choices: SpecID, Name, OptionID, Value, PriceMarkupType, PriceMarkup. */
  specs: Item[];
}

/** A LineItemSpec-shaped choice of an option of a spec, or of an open text (no option, no markup). */
function choice(spec: SpecDefinition, option: OptionDefinition | null, value: string): Item {
  return {
    SpecID: spec.id,
    Name: spec.name,
    OptionID: option?.id ?? null,
    Value: value,
    PriceMarkupType: option ? (option.markup?.type ?? 'NoMarkup') : null,
    PriceMarkup: option?.markup?.amount ?? null,
  };
}

/** The line item spec choices a shopper pays extra for; open-text specs take a typical text. */
function choices(spec: SpecDefinition): Item[] {
  if (spec.allowOpenText) return [choice(spec, null, 'Property of Trail Crew')];
  return spec.options.filter((option) => option.markup).map((option) => choice(spec, option, option.value));
}

function optionItem(option: OptionDefinition, index: number): Item {
  return {
    ID: option.id,
    Value: option.value,
    ListOrder: index + 1,
    IsOpenText: false,
    PriceMarkupType: option.markup?.type ?? 'NoMarkup',
    PriceMarkup: option.markup?.amount ?? null,
    xp: {},
  };
}

/** Which products get which specs: a handful of apparel products become variant families. */
function specPlan(rng: Random, plans: readonly ProductPlan[]): Map<string, string[]> {
  const bySpec = new Map<string, string[]>();
  const ids = (chosen: readonly ProductPlan[]) => chosen.map((plan) => String(plan.product.ID));
  const apparel = plans.filter((plan) => plan.placed.leaf.apparel && plan.index >= 2 && plan.product.Active === true);
  const families = rng.sample(apparel, 8);
  bySpec.set('color', ids(families));
  bySpec.set('apparel-size', ids(families));
  const others = apparel.filter((plan) => !families.includes(plan));
  bySpec.set('embroidery', ids(rng.sample(others, 30)));
  const durable = plans.filter((plan) =>
    ['backpacking-tents', 'family-tents', 'backpacking-packs', 'stoves'].includes(plan.placed.leaf.id),
  );
  bySpec.set('warranty', ids(rng.sample(durable, 40)));
  bySpec.set('engraving', ids(plans.filter((plan) => plan.placed.leaf.id === 'knives-multitools')));
  return bySpec;
}

/**
 * Specs with their options, assigned to products, and the variants of the products whose specs
 * define variants (IDs `{productID}-{optionID}-{optionID}`, as variant generation names them).
 * Sets SpecCount and VariantCount on the planned products, which are written afterwards.
 */
export function seedSpecs(
  context: SeedContext,
  rng: Random,
  plans: readonly ProductPlan[],
): { variants: Map<string, SeededVariant[]>; optionalSpecs: Map<string, Item[]> } {
  const { writer } = context;
  const productsById = new Map(plans.map((plan) => [String(plan.product.ID), plan.product]));
  const assigned = specPlan(rng, plans);
  const optionalSpecs = new Map<string, Item[]>();
  for (const spec of SPECS) {
    const productIds = assigned.get(spec.id) ?? [];
    const options = spec.options.map(optionItem);
    writer.add('Specs', [], {
      OwnerID: context.marketplaceId,
      ID: spec.id,
      ListOrder: spec.listOrder,
      Name: spec.name,
      DefaultValue: null,
      Required: spec.required,
      AllowOpenText: spec.allowOpenText,
      DefaultOptionID: spec.defaultOptionId,
      DefinesVariant: spec.definesVariant,
      xp: {},
      OptionCount: options.length,
      Options: options.map((option) => writer.shapeModel('SpecOption', option)),
    });
    for (const option of options) writer.add('SpecOptions', [spec.id], option);
    for (const productId of productIds) {
      writer.assign('SpecProductAssignment', [], { SpecID: spec.id, ProductID: productId });
      const product = productsById.get(productId);
      if (product) product.SpecCount = Number(product.SpecCount ?? 0) + 1;
      if (!spec.definesVariant)
        optionalSpecs.set(productId, [...(optionalSpecs.get(productId) ?? []), ...choices(spec)]);
    }
  }

  const variants = new Map<string, SeededVariant[]>();
  const [colors, sizes] = [SPECS[0], SPECS[1]];
  for (const productId of assigned.get('color') ?? []) {
    const product = productsById.get(productId);
    if (!product || !colors || !sizes) continue;
    const family: SeededVariant[] = [];
    for (const color of colors.options) {
      for (const size of sizes.options) {
        const specs = [choice(colors, color, color.value), choice(sizes, size, size.value)];
        const variant = writer.add('Variants', [productId], {
          ID: `${productId}-${color.id}-${size.id}`,
          Name: `${String(product.Name)} - ${color.value} / ${size.value}`.slice(0, 100),
          Description: null,
          Active: product.Active,
          ShipWeight: product.ShipWeight,
          ShipHeight: product.ShipHeight,
          ShipWidth: product.ShipWidth,
          ShipLength: product.ShipLength,
          Inventory: null,
          Specs: specs.map((choice) => writer.shapeModel('VariantSpec', choice)),
          xp: {},
        });
        family.push({ variant, specs });
      }
    }
    product.VariantCount = family.length;
    variants.set(productId, family);
  }
  return { variants, optionalSpecs };
}
