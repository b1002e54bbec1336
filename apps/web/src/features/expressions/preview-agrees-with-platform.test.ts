// @vitest-environment node
// The live preview must say what the platform would, on the demo marketplace itself (issue 13): the demo data
// is seeded into a private PGlite database; each incoming order of demo-sandbox is read as the preview reads it
// (through the platform's operations, as the signed-in admin's API calls would: Orders.Get, LineItems.List,
// the catalogs' category assignments) and as the platform reads it when a promotion is added or the order is
// submitted (its stored order without promotion discount, stored line items, productCategories). Every demo
// promotion and approval rule (buyer and seller), plus a few expressions reading other parts of the order, is
// evaluated both ways on every order; any difference names the order and the expression.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../server/src/db/database.ts';
import { runMigrations } from '../../../../server/src/db/migrate.ts';
import type { AuthContext, Item } from '../../../../server/src/platform/engine/context.ts';
import { buildOperations, type PlatformOperation } from '../../../../server/src/platform/engine/operations.ts';
import { PgStore } from '../../../../server/src/platform/engine/pg-store.ts';
import { checkRoles } from '../../../../server/src/platform/engine/routes.ts';
import { lineItemsOf } from '../../../../server/src/platform/orders/order-store.ts';
import { undiscounted } from '../../../../server/src/platform/orders/promotion-discounts.ts';
import { evaluatePromotion } from '../../../../server/src/platform/orders/promotion-rules.ts';
import {
  productCategories,
  ruleHolds,
  usesParentCategories,
} from '../../../../server/src/platform/orders/rule-expressions.ts';
import { platformRegistry } from '../../../../server/src/platform/resources/index.ts';
import { seedDemoData } from '../../../../server/src/platform/seed/demo.ts';
import { previewApproval, previewPromotion, type PreviewSubject } from './preview-evaluate';

const MARKETPLACE = 'demo-sandbox';

const admin: AuthContext = {
  marketplaceId: MARKETPLACE,
  clientId: `${MARKETPLACE}-admin`,
  username: 'admin',
  userId: 'admin',
  userType: 'admin',
  companyId: undefined,
  roles: new Set(['FullAccess']),
  impersonatorId: undefined,
};

/** Expressions beyond the demo's own, reading line items, products, xp and categories of the demo orders. */
const EXTRA_PROMOTIONS: Item[] = [
  { ID: 'extra-total', EligibleExpression: 'order.Total > 500', ValueExpression: 'order.Total * .05' },
  {
    ID: 'extra-lines',
    EligibleExpression: 'items.count(Quantity > 1) >= 1',
    ValueExpression: 'items.total(Quantity > 1) * .1',
  },
  {
    ID: 'extra-line-level',
    EligibleExpression: "item.Product.Name <> '' and item.Quantity >= 2",
    ValueExpression: 'item.UnitPrice',
    LineItemLevel: true,
    QuantityLimitPerOrder: 3,
    ItemSortBy: '!LineSubtotal',
  },
];
const EXTRA_RULES = [
  'order.xp.Rush = true',
  "order.xp.Channel = 'Procurement' and order.Subtotal > 300",
  'items.quantity(Quantity > 0) > 10',
  "items.any(Product.incategory('backpacking-tents'))",
  'order.ShippingCost > 0 or order.TaxCost > 50',
];

interface Case {
  orderId: string;
  preview: PreviewSubject;
  platform: Parameters<typeof evaluatePromotion>[1];
  /** The order as stored, which approval rules see on submit (with any promotion discount). */
  stored: Item;
}

let database: Database;
let dataDir: string;
let cases: Case[] = [];
let promotions: Item[] = [];
let rules: string[] = [];
/** How many orders got a promotion before being read. */
let discounted = 0;

async function seededDatabase(): Promise<void> {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'preview-agrees-'));
  database = await openDatabase({ kind: 'pglite', dataDir });
  // The platform part's own migrations (as its Part declares them; importing the Part would bring in Fastify's types).
  const platformFolder = path.resolve(import.meta.dirname, '../../../../server/src/platform/db/migrations');
  await runMigrations(database, [{ name: 'platform', migrationsFolder: platformFolder }]);
  await seedDemoData(database.db, platformRegistry);
}

/** Calls a platform operation as the marketplace's admin, as the portal's API calls do. */
function caller(store: PgStore) {
  const operations = new Map<string, PlatformOperation>(
    buildOperations(platformRegistry).map((operation) => [operation.id, operation]),
  );
  return async <T = Item>(operationId: string, params: Record<string, string>, query: Record<string, string> = {}) => {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`No operation ${operationId}`);
    checkRoles(operation, admin);
    return (await operation.handler({
      marketplaceId: MARKETPLACE,
      auth: admin,
      params,
      query,
      body: undefined,
      store,
      registry: platformRegistry,
      resource: operation.resource,
    })) as T;
  };
}

interface Page {
  Items: Item[];
  Meta: { TotalPages: number };
}

/** Every item of a list operation, page by page. */
async function listAll(
  call: ReturnType<typeof caller>,
  operationId: string,
  params: Record<string, string>,
  query: Record<string, string> = {},
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call<Page>(operationId, params, { ...query, page: String(page), pageSize: '100' });
    items.push(...answer.Items);
    if (page >= answer.Meta.TotalPages) return items;
  }
}

/**
 * The demo orders carry no promotion; a preview is also used on orders that do, so SAVE10 is added (by the
 * platform's own Orders.AddPromotion) to every other unsubmitted order it holds for: their Total then counts
 * a discount, which promotion rules must not see and approval rules do.
 */
async function addPromotions(call: ReturnType<typeof caller>, orders: readonly Item[]): Promise<void> {
  const open = orders.filter((order) => order.Status === 'Unsubmitted' && Number(order.Subtotal) > 100);
  for (const order of open.filter((_, index) => index % 2 === 0)) {
    await call('Orders.AddPromotion', { direction: 'Incoming', orderID: String(order.ID), promoCode: 'SAVE10' });
  }
  discounted = open.length === 0 ? 0 : Math.ceil(open.length / 2);
}

async function buildCases(): Promise<void> {
  const store = new PgStore(database.db, platformRegistry, MARKETPLACE);
  const call = caller(store);
  const now = new Date();
  // The preview's categories: each catalog's product assignments (preview-data.ts asks per product; the same links).
  const previewCategories = new Map<string, string[]>();
  for (const catalog of await listAll(call, 'Catalogs.List', {})) {
    for (const link of await listAll(call, 'Categories.ListProductAssignments', { catalogID: String(catalog.ID) })) {
      const productId = String(link.ProductID);
      previewCategories.set(productId, [...(previewCategories.get(productId) ?? []), String(link.CategoryID)]);
    }
  }
  const orders = await listAll(call, 'Orders.List', { direction: 'Incoming' });
  await addPromotions(call, orders);
  promotions = [...(await store.find('Promotions', [])).map((stored) => stored.item), ...EXTRA_PROMOTIONS];
  const buyerRules = (await store.find('ApprovalRules', undefined)).map((stored) => stored.item.RuleExpression);
  const sellerRules = (await store.find('SellerApprovalRules', [])).map((stored) => stored.item.RuleExpression);
  rules = [...new Set([...buyerRules, ...sellerRules].map(String)), ...EXTRA_RULES];
  const expressions = promotions.flatMap((promotion) => [promotion.EligibleExpression, promotion.ValueExpression]);
  cases = [];
  for (const { ID } of orders) {
    const orderId = String(ID);
    const params = { direction: 'Incoming', orderID: orderId };
    const order = await call('Orders.Get', params);
    const items = await listAll(call, 'LineItems.List', params);
    const productIds = new Set(items.map((item) => String(item.ProductID)));
    const categories = new Map([...previewCategories].filter(([productId]) => productIds.has(productId)));
    const stored = await store.require('Orders', [], orderId, 'Order');
    const lines = await lineItemsOf(store, orderId);
    cases.push({
      orderId,
      stored,
      preview: { order, items, categories, now },
      platform: {
        order: undiscounted(stored),
        items: lines,
        categories: await productCategories(store, lines, {
          ancestors: usesParentCategories(...expressions, ...rules),
        }),
        now,
      },
    });
  }
}

describe('live preview agrees with the platform on every demo order', () => {
  beforeAll(async () => {
    await seededDatabase();
    await buildCases();
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('reads the demo marketplace: its orders, promotions and approval rules', () => {
    expect(cases.length).toBeGreaterThan(200);
    expect(promotions.length).toBe(6 + EXTRA_PROMOTIONS.length);
    expect(rules).toContain('order.Total > 1000');
    expect(discounted).toBeGreaterThan(0);
    expect(cases.filter(({ stored }) => Number(stored.PromotionDiscount) > 0)).toHaveLength(discounted);
  });

  it('promotions: same eligibility and value (in the order currency) on every order', () => {
    const differences: string[] = [];
    let eligible = 0;
    const heldBy = new Set<string>();
    for (const { orderId, preview, platform } of cases) {
      for (const promotion of promotions) {
        const expressions = {
          eligible: String(promotion.EligibleExpression ?? ''),
          value: String(promotion.ValueExpression ?? ''),
          lineItemLevel: promotion.LineItemLevel === true,
          limits: {
            itemLimit: promotion.ItemLimitPerOrder as number | undefined,
            quantityLimit: promotion.QuantityLimitPerOrder as number | undefined,
            sortBy: promotion.ItemSortBy as string | undefined,
          },
        };
        // A promotion alone on the order, as when it is the first one added.
        const room = { order: Number(platform.order.Subtotal), lines: new Map<string, number>() };
        const expected = evaluatePromotion(promotion, platform, room);
        const got = previewPromotion(expressions, preview);
        if (got.eligible) eligible += 1;
        if (got.eligible) heldBy.add(String(promotion.ID));
        if (got.eligible !== expected.eligible || got.amount !== expected.amount) {
          differences.push(
            `order ${orderId}, promotion ${String(promotion.ID)} (${expressions.eligible} / ${expressions.value}): ` +
              `preview ${JSON.stringify([got.eligible, got.amount])}, platform ${JSON.stringify([expected.eligible, expected.amount])}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
    // Not a comparison of two empty answers: some promotions hold on some orders, others do not.
    expect(eligible).toBeGreaterThan(0);
    expect(eligible).toBeLessThan(cases.length * promotions.length);
    // The category promotion (line level, read through the catalogs' assignments) holds on some demo order.
    expect(heldBy).toContain('tents15');
  });

  it('approval rules: approval required or not, the same on every order', () => {
    const differences: string[] = [];
    let required = 0;
    for (const { orderId, preview, platform, stored } of cases) {
      // On submit the rules see the order as it stands (with its discounts), not the undiscounted one.
      const subject = { order: stored, items: platform.items };
      for (const rule of rules) {
        const expected = ruleHolds(rule, subject, platform.categories);
        const got = previewApproval(rule, preview);
        if (got) required += 1;
        if (got !== expected) differences.push(`order ${orderId}, rule ${rule}: preview ${got}, platform ${expected}`);
      }
    }
    expect(differences).toEqual([]);
    expect(required).toBeGreaterThan(0);
    expect(required).toBeLessThan(cases.length * rules.length);
  });
});
