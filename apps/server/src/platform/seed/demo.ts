import { refreshPlannerStatistics } from '../maintenance.ts';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { marketplaces } from '../db/schema.ts';
import type { Item } from '../engine/item.ts';
import type { Registry } from '../resources/types.ts';
import { hashPassword } from '../../security/passwords.ts';
import { createFirstIndex } from '../search/build.ts';
import { buildIndex } from '../search/jobs.ts';
import { SEARCH_INDEX_TYPES } from '../search/model.ts';
import { platformRegistry } from '../resources/index.ts';
import {
  addAdminAccess,
  ADMIN_USERNAME,
  DEMO_MARKETPLACES,
  DEMO_PASSWORDS,
  insertMarketplace,
  type MarketplaceDefinition,
} from './access.ts';
import { seedBuyers } from './buyers.ts';
import { seedCatalog } from './catalog.ts';
import { seedDemoReceiver } from './demo-receiver.ts';
import type { SeedContext, SeedHashes } from './common.ts';
import { seedOwner, seedSuppliers } from './organization.ts';
import { seedOrders } from './orders.ts';
import { Random } from './random.ts';
import { GUEST_CHECKOUT_CLIENT_ID, seedClients, seedIntegrations, seedPromotions, seedSecurity } from './setup.ts';
import { seedSubscriptions } from './subscriptions.ts';
import { SeedWriter, type SeedCounts } from './writer.ts';

export interface DemoSeedOptions {
  /** Public origin of the server, written where demo objects point at the API. */
  publicUrl?: string;
}

export interface DemoSeedResult {
  /** False when marketplaces existed already and nothing was written. */
  seeded: boolean;
  /** Rows written per marketplace, by resource and assignment kind. */
  counts: Record<string, SeedCounts>;
  milliseconds: number;
}

/** The demo sign-ins, one line each, for the server's ready message. */
export const DEMO_ACCOUNT_LINES: readonly string[] = [
  `admin user ${ADMIN_USERNAME} / ${DEMO_PASSWORDS.admin} (every marketplace, client <marketplace>-admin)`,
  `buyer users buyer01..buyer48 / ${DEMO_PASSWORDS.buyer} (demo-sandbox, client demo-sandbox-storefront)`,
  `supplier users supplier01..supplier09 / ${DEMO_PASSWORDS.supplier} (demo-sandbox)`,
  `guest shoppers: client ${GUEST_CHECKOUT_CLIENT_ID} (anonymous tokens, demo-sandbox)`,
];

/** The three demo passwords, hashed once each: scrypt is slow on purpose, and every user shares them. */
export async function demoHashes(): Promise<SeedHashes> {
  const [admin, buyer, supplier] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.buyer),
    hashPassword(DEMO_PASSWORDS.supplier),
  ]);
  return { admin, buyer, supplier };
}

/** Every saved address of the store by ID, for the copies orders, line items and shipments keep. */
function addressIndex(items: readonly Item[]): Map<string, Item> {
  return new Map(items.map((address) => [String(address.ID), address]));
}

/** The realistic store of the Sandbox marketplace: an outdoor-gear marketplace selling to organisations. */
function seedStore(context: SeedContext): void {
  const owner = seedOwner(context);
  const suppliers = seedSuppliers(context);
  const buyers = seedBuyers(context);
  const catalog = seedCatalog(
    context,
    buyers,
    suppliers,
    owner.warehouses.map((warehouse) => String(warehouse.ID)),
  );
  const addresses = addressIndex([
    ...owner.warehouses,
    ...suppliers.flatMap((supplier) => supplier.addresses),
    ...buyers.flatMap((buyer) => [...buyer.shippingAddresses, ...[...buyer.groupShipping.values()].flat()]),
  ]);
  const sources = { catalog, addresses, optionalSpecs: catalog.optionalSpecs };
  const orders = seedOrders(context, buyers, catalog, sources);
  seedSubscriptions(context, buyers, catalog, sources);
  seedSecurity(context, owner, buyers, suppliers);
  seedClients(context);
  seedPromotions(context);
  seedIntegrations(context, Random.stream('integrations'), orders.shipments);
}

async function seedMarketplace(
  db: Db,
  registry: Registry,
  definition: MarketplaceDefinition,
  shared: { now: Date; hashes: SeedHashes; publicUrl: string },
): Promise<SeedCounts | undefined> {
  return db.transaction(async (tx) => {
    const inTransaction = tx as unknown as Db;
    if (!(await insertMarketplace(inTransaction, definition))) return undefined;
    const writer = new SeedWriter(registry, definition.id);
    const context: SeedContext = { writer, marketplaceId: definition.id, ...shared };
    addAdminAccess(context, definition);
    if (definition.environment === 'Sandbox') {
      seedStore(context);
      await seedDemoReceiver(inTransaction, context);
    }
    const counts = writer.counts();
    await writer.flush(inTransaction);
    return counts;
  });
}

/**
 * Creates the demo marketplaces and their data on first start; does nothing once any marketplace
 * exists. Each marketplace is written in one transaction, so a crash leaves whole marketplaces
 * only. The data comes from seeded random streams: the same code writes the same IDs, names,
 * prices and relationships every time; only dates move with the seeding time.
 *
 * @example
 * await seedDemoData(database.db, platformRegistry, { publicUrl: config.publicUrl });
 */
export async function seedDemoData(db: Db, registry: Registry, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const started = performance.now();
  const existing = await db.select({ id: marketplaces.id }).from(marketplaces).limit(1);
  if (existing.length > 0) return { seeded: false, counts: {}, milliseconds: performance.now() - started };
  const shared = {
    now: new Date(),
    hashes: await demoHashes(),
    publicUrl: (options.publicUrl ?? 'http://localhost:4000').replace(/\/+$/, ''),
  };
  const counts: Record<string, SeedCounts> = {};
  for (const definition of DEMO_MARKETPLACES) {
    const written = await seedMarketplace(db, registry, definition, shared);
    if (written) counts[definition.id] = written;
  }
  await refreshPlannerStatistics(db);
  return { seeded: Object.keys(counts).length > 0, counts, milliseconds: performance.now() - started };
}

/**
 * The platform part's first-start seed (`Part.seed`): the demo marketplaces and their data.
 *
 * @example
 * export const platformPart: Part = { ..., seed: seedPlatformDemo, demoAccounts: DEMO_ACCOUNT_LINES };
 */
export async function seedPlatformDemo(database: Database, config: Pick<Config, 'publicUrl'>): Promise<void> {
  const result = await seedDemoData(database.db, platformRegistry, { publicUrl: config.publicUrl });
  if (!result.seeded) return;
  // The demo store starts with its search indexes built (its few text sizes rejected), as if its
  // first list call and order had happened; the other marketplaces show the empty state.
  for (const type of SEARCH_INDEX_TYPES) {
    const indexId = await createFirstIndex(database.db, 'demo-sandbox', type);
    if (indexId) await buildIndex(database.db, indexId);
  }
}
