import { refreshPlannerStatistics } from '../maintenance.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { hashPassword } from '../../security/passwords.ts';
import type { Registry } from '../resources/types.ts';
import { addAdminAccess, DEMO_PASSWORDS, insertMarketplace, type MarketplaceDefinition } from './access.ts';
import { BATCH_SIZE } from './batch.ts';
import { placedLeaves } from './catalog-data.ts';
import { daysAgo, type SeedContext } from './common.ts';
import { pad, Random, round } from './random.ts';
import { BRANDS, COLORS, MATERIALS, MODEL_NAMES, MODEL_SUFFIXES, TAGS } from './words.ts';
import { SeedWriter } from './writer.ts';

export interface LargeCatalogOptions {
  /** Marketplace ID; created (as a Sandbox) with its admin access when missing. */
  marketplace: string;
  /** How many products to add. */
  products: number;
}

export interface LargeCatalogResult {
  marketplace: string;
  marketplaceCreated: boolean;
  products: number;
  priceSchedules: number;
  milliseconds: number;
}

/** Shared list prices: a large catalog prices its products from a few dozen schedules. */
const PRICE_TIERS = 40;
const PRODUCT_PREFIX = 'BULK-';
const LEAVES = placedLeaves();

const titleOf = (id: string): string =>
  id
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The highest number of the bulk products already there (0 for none); IDs are zero-padded, so text order works. */
async function lastBulkNumber(db: Db, marketplaceId: string): Promise<number> {
  const [row] = await rowsOf<{ last: string | null }>(
    db,
    sql`SELECT max(id) AS last FROM platform.documents
        WHERE marketplace_id = ${marketplaceId} AND resource = 'Products' AND id ~ ${`^${PRODUCT_PREFIX}[0-9]+$`}`,
  );
  const last = row?.last;
  return last ? Number(last.slice(PRODUCT_PREFIX.length)) : 0;
}

function priceTiers(writer: SeedWriter, marketplaceId: string): string[] {
  const rng = Random.stream('large-prices');
  return Array.from({ length: PRICE_TIERS }, (_, index) => {
    const id = `BULK-PRICE-${pad(index + 1, 2)}`;
    const price = round(4.99 * 1.15 ** index);
    writer.add('PriceSchedules', [], {
      OwnerID: marketplaceId,
      ID: id,
      Name: `List price ${price.toFixed(2)}`,
      ApplyTax: true,
      ApplyShipping: true,
      MinQuantity: 1,
      PriceBreaks: [
        { Quantity: 1, Price: price },
        { Quantity: 10, Price: round(price * 0.92) },
      ],
      Currency: 'USD',
      IsOnSale: false,
      xp: { Tier: index + 1, Shelf: rng.pick(['A', 'B', 'C']) },
    });
    return id;
  });
}

/**
 * One product of the large catalog. Each product has its own random stream, keyed by its number,
 * so product 51,234 is the same whichever run or chunk writes it.
 */
function bulkProduct(context: SeedContext, number: number, priceIds: readonly string[]) {
  const rng = Random.stream(`large-product:${number}`);
  const placed = rng.pick(LEAVES);
  const brand = rng.pick(BRANDS);
  const noun = rng.pick(placed.leaf.nouns);
  const material = rng.pick(MATERIALS);
  return {
    OwnerID: context.marketplaceId,
    DefaultPriceScheduleID: rng.pick(priceIds),
    ID: `${PRODUCT_PREFIX}${pad(number, 7)}`,
    Name: [brand, rng.pick(MODEL_NAMES), rng.pick(MODEL_SUFFIXES), noun, `#${number}`].filter(Boolean).join(' '),
    Description: `${noun}, built from ${material}. Part of the ${placed.leaf.name.toLowerCase()} range.`,
    QuantityMultiplier: 1,
    ShipWeight: rng.decimal(placed.leaf.weight[0], placed.leaf.weight[1]),
    Active: !rng.chance(0.05),
    IsParent: false,
    IsBundle: false,
    SpecCount: 0,
    VariantCount: 0,
    Returnable: true,
    DateCreated: daysAgo(context, rng.decimal(1, 900, 3)),
    xp: {
      Brand: brand,
      Color: rng.pick(COLORS),
      Size: rng.int(1, 60),
      Material: material,
      Category: placed.leaf.id,
      Rating: rng.decimal(1, 5, 1),
      Tags: rng.sample(TAGS, rng.int(0, 3)).sort(),
    },
  };
}

/**
 * Adds `products` products (IDs `BULK-0000001`... continuing after those already there) to a
 * marketplace, for benchmarks and list/search tests at scale. The marketplace is created as a
 * Sandbox with the usual admin access when it does not exist. Products go in with one INSERT per
 * thousand, all in one transaction.
 *
 * @example
 * const result = await seedLargeCatalog(database.db, platformRegistry, { marketplace: 'bench', products: 100_000 });
 */
export async function seedLargeCatalog(
  db: Db,
  registry: Registry,
  options: LargeCatalogOptions,
): Promise<LargeCatalogResult> {
  const started = performance.now();
  const definition: MarketplaceDefinition = {
    id: options.marketplace,
    name: titleOf(options.marketplace),
    environment: 'Sandbox',
  };
  const adminHash = await hashPassword(DEMO_PASSWORDS.admin);
  const result = await db.transaction(async (tx) => {
    const inTransaction = tx as unknown as Db;
    const writer = new SeedWriter(registry, definition.id);
    const context: SeedContext = {
      writer,
      marketplaceId: definition.id,
      now: new Date(),
      hashes: { admin: adminHash, buyer: adminHash, supplier: adminHash },
      publicUrl: '',
    };
    const marketplaceCreated = await insertMarketplace(inTransaction, definition);
    if (marketplaceCreated) {
      addAdminAccess(context, definition);
      await writer.flush(inTransaction);
    }
    const priceIds = priceTiers(writer, definition.id);
    // Price tiers left by an earlier run are kept as they are.
    const { documents: priceSchedules } = await writer.flush(inTransaction, { ignoreExisting: true });
    const first = (await lastBulkNumber(inTransaction, definition.id)) + 1;
    let products = 0;
    for (let start = first; start < first + options.products; start += BATCH_SIZE) {
      const end = Math.min(start + BATCH_SIZE, first + options.products);
      for (let number = start; number < end; number += 1)
        writer.add('Products', [], bulkProduct(context, number, priceIds));
      products += (await writer.flush(inTransaction)).documents;
    }
    return {
      marketplace: definition.id,
      marketplaceCreated,
      products,
      priceSchedules,
      milliseconds: performance.now() - started,
    };
  });
  await refreshPlannerStatistics(db);
  return { ...result, milliseconds: performance.now() - started };
}
