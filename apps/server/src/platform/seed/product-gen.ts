import type { Item } from '../engine/item.ts';
import type { PlacedLeaf } from './catalog-data.ts';
import { daysAgo, type SeedContext } from './common.ts';
import { pad, round, type Random } from './random.ts';
import { BRANDS, COLORS, FEATURES, MATERIALS, MODEL_NAMES, MODEL_SUFFIXES, TAGS, USES } from './words.ts';

/** A product being planned, with its price schedule and where it sits. */
export interface ProductPlan {
  product: Item;
  schedule: Item;
  placed: PlacedLeaf;
  /** Index of the product within its leaf (its category ListOrder). */
  index: number;
  supplierId: string | null;
}

/** Leaves whose products a supplier owns and ships; the marketplace owns everything else. */
const SUPPLIER_OF_LEAF: Readonly<Record<string, string>> = {
  carabiners: 'granite-peak-mfg',
  'belay-devices': 'granite-peak-mfg',
  'dynamic-ropes': 'granite-peak-mfg',
  'static-ropes': 'granite-peak-mfg',
  'rain-jackets': 'northloom-textiles',
  'insulated-jackets': 'northloom-textiles',
  fleece: 'northloom-textiles',
  headlamps: 'ember-works-lighting',
  lanterns: 'ember-works-lighting',
};

/** Text sizes given on purpose to a few apparel products, whose `xp.Size` is otherwise a number. */
export const TEXT_SIZES = ['XL', 'M', 'L', 'S'];

export interface PlanOptions {
  /** Warehouse (admin address) IDs the marketplace ships from. */
  warehouseIds: readonly string[];
  /** Supplier ID to the supplier's warehouse address ID. */
  supplierWarehouses: ReadonlyMap<string, string>;
}

function productName(rng: Random, brand: string, noun: string, used: Set<string>): string {
  for (let attempt = 0; ; attempt += 1) {
    const suffix = rng.pick(MODEL_SUFFIXES);
    const base = [brand, rng.pick(MODEL_NAMES), suffix, noun].filter(Boolean).join(' ');
    // A model number settles the rare clash, as real ranges do.
    const name = attempt < 3 ? base : `${base} ${rng.int(2, 9)}${rng.int(0, 9)}0`;
    if (!used.has(name) && name.length <= 100) {
      used.add(name);
      return name;
    }
  }
}

function description(rng: Random, noun: string, material: string): string {
  const use = rng.pick(USES);
  const extra = rng.chance(0.5) ? ` ${rng.pick(FEATURES)}` : '';
  return `${noun}, built from ${material} for ${use}. ${rng.pick(FEATURES)}${extra}`;
}

function priceBreaks(rng: Random, price: number, onSale: boolean, subscribable: boolean): Item[] {
  const tiers = rng.pick([[1], [1, 5], [1, 5, 10], [1, 10, 25]]);
  return tiers.map((quantity, index) => {
    const unit = round(price * (1 - index * 0.05));
    return {
      Quantity: quantity,
      Price: unit,
      SalePrice: onSale ? round(unit * 0.8) : null,
      SubscriptionPrice: subscribable ? round(unit * 0.95) : null,
      BundlePrice: null,
    };
  });
}

/** A price schedule in one of four sale states: none, on sale now, ended, or starting soon. */
function scheduleFor(context: SeedContext, rng: Random, product: Item, price: number, consumable: boolean): Item {
  const roll = rng.next();
  const sale = roll < 0.14 ? 'now' : roll < 0.18 ? 'ended' : roll < 0.21 ? 'soon' : 'none';
  const window: Record<string, [number, number] | undefined> = {
    now: [10, -20],
    ended: [60, 30],
    soon: [-5, -35],
    none: undefined,
  };
  const [start, end] = window[sale] ?? [];
  return {
    OwnerID: product.OwnerID,
    ID: `PS-${String(product.ID)}`,
    Name: `${String(product.Name)} - List Price`,
    ApplyTax: true,
    ApplyShipping: true,
    MinQuantity: 1,
    MaxQuantity: rng.chance(0.2) ? 100 : null,
    UseCumulativeQuantity: false,
    RestrictedQuantity: false,
    PriceBreaks: priceBreaks(rng, price, sale !== 'none', consumable),
    Currency: 'USD',
    SaleStart: start === undefined ? null : daysAgo(context, start),
    SaleEnd: end === undefined ? null : daysAgo(context, end),
    IsOnSale: sale === 'now',
    xp: {},
  };
}

/**
 * The product's picture, drawn by the content part (content/product-images.ts) from its type and colour. The URL is
 * root-relative, so it stays right whatever host or port serves the data (a throw-away port in tests, a data folder
 * moved or restored into another marketplace); the portal resolves it against the marketplace's API origin.
 */
export function productImageUrl(leaf: Pick<PlacedLeaf['leaf'], 'code'>, color: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `/content/images/products/${slug(leaf.code)}-${slug(color)}.svg`;
}

/** The product's xp: the same keys with the same types everywhere, except where a plan says otherwise. */
function productXp(rng: Random, placed: PlacedLeaf, brand: string, color: string, material: string): Item {
  const { leaf } = placed;
  const xp: Item = {
    Brand: brand,
    Color: color,
    Material: material,
    Rating: rng.decimal(3, 5, 1),
    ReviewCount: rng.int(0, 480),
    Tags: rng.sample(TAGS, rng.int(1, 3)),
    Waterproof: rng.chance(0.4),
    ModelYear: rng.int(2022, 2026),
  };
  if (leaf.size) {
    xp.Size = rng.pick(leaf.size.values);
    xp.SizeUnit = leaf.size.unit;
  }
  // Drawn from what is already picked, so the random sequence (and every other seeded value) stays as it was.
  xp.Images = [{ Url: productImageUrl(leaf, color) }];
  return xp;
}

/**
 * Plans `total` products spread over the leaf categories, each with its own price schedule.
 * Nothing is written here: specs still add their counts before the products are stored.
 */
export function planProducts(
  context: SeedContext,
  rng: Random,
  leaves: readonly PlacedLeaf[],
  total: number,
  options: PlanOptions,
): ProductPlan[] {
  const plans: ProductPlan[] = [];
  const usedNames = new Set<string>();
  const perLeaf = Math.floor(total / leaves.length);
  const remainder = total - perLeaf * leaves.length;
  let textSizesGiven = 0;
  leaves.forEach((placed, leafIndex) => {
    const { leaf } = placed;
    const count = perLeaf + (leafIndex < remainder ? 1 : 0);
    const supplierId = SUPPLIER_OF_LEAF[leaf.id] ?? null;
    for (let index = 0; index < count; index += 1) {
      const brand = rng.pick(BRANDS);
      const noun = rng.pick(leaf.nouns);
      const material = rng.pick(MATERIALS);
      const color = rng.pick(COLORS);
      const id = `${leaf.code}-${pad(index + 1, 4)}`;
      const xp = productXp(rng, placed, brand, color, material);
      // The second product of each of the first apparel leaves gets a text size: the search
      // index build is meant to reject these as type conflicts with the numeric sizes.
      const textSize = leaf.apparel && index === 1 && textSizesGiven < TEXT_SIZES.length;
      if (textSize) {
        xp.Size = TEXT_SIZES[textSizesGiven];
        xp.SizeUnit = 'Letter';
        textSizesGiven += 1;
      }
      // Most of the range predates every order; a few products are new and tagged so.
      const isNew = rng.chance(0.1);
      if (isNew) xp.Tags = ['new', ...(xp.Tags as string[])];
      (xp.Tags as string[]).sort();
      const price = rng.decimal(leaf.price[0], leaf.price[1]);
      const enabled = rng.chance(0.6);
      const product: Item = {
        OwnerID: supplierId ?? context.marketplaceId,
        DefaultPriceScheduleID: `PS-${id}`,
        AutoForward: false,
        ID: id,
        ParentID: null,
        IsParent: false,
        IsBundle: false,
        Name: productName(rng, brand, noun, usedNames),
        Description: description(rng, noun, material),
        QuantityMultiplier: 1,
        ShipWeight: rng.decimal(leaf.weight[0], leaf.weight[1]),
        ShipHeight: rng.decimal(2, 30, 1),
        ShipWidth: rng.decimal(4, 24, 1),
        ShipLength: rng.decimal(6, 36, 1),
        // A few retired products, which buyers do not see; the text-size ones stay on show.
        Active: !rng.chance(0.07) || textSize,
        SpecCount: 0,
        VariantCount: 0,
        ShipFromAddressID: supplierId
          ? (options.supplierWarehouses.get(supplierId) ?? null)
          : rng.pick(options.warehouseIds),
        Inventory: {
          Enabled: enabled,
          NotificationPoint: enabled ? rng.int(5, 20) : null,
          VariantLevelTracking: false,
          OrderCanExceed: enabled ? rng.chance(0.5) : null,
          QuantityAvailable: enabled ? rng.int(0, 600) : null,
          LastUpdated: daysAgo(context, rng.int(0, 30)),
        },
        DefaultSupplierID: supplierId,
        AllSuppliersCanSell: false,
        Returnable: !rng.chance(0.1),
        DateCreated: daysAgo(context, isNew ? rng.decimal(3, 60, 3) : rng.decimal(400, 900, 3)),
        xp,
      };
      const consumable = ['cookware', 'hiking-socks', 'first-aid-kits', 'headlamps'].includes(leaf.id);
      const schedule = scheduleFor(context, rng, product, price, consumable);
      plans.push({ product, schedule, placed, index, supplierId });
    }
  });
  return plans;
}
