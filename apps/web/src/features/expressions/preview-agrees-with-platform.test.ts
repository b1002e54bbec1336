// @vitest-environment node
// The live preview must say what the platform would, on the demo marketplace itself (issue 13): the demo data
// is seeded into a private PGlite database; each incoming order of demo-sandbox is read as the preview reads it
// (preview-data.ts's own code, its API calls answered by the platform's operations as the marketplace admin)
// and as the platform reads it when a promotion is added or the order is submitted (the stored order, without
// promotion discount for promotions; stored line items; productCategories). Every demo promotion and approval
// rule (buyer and seller), plus a few expressions reading other parts of the order, is evaluated both ways on
// every order; any difference names the order and the expression. Both sides run the expressions package's
// evaluation: what this proves is that the preview reads the same order, lines and categories through the API
// as the platform reads from its store, and hands them over the same way.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSchemaOwner } from '../../../../server/src/cluster/schema-owner.ts';
import { openDatabase, type Database } from '../../../../server/src/db/database.ts';
import { runMigrations } from '../../../../server/src/db/migrate.ts';
import type { Item } from '../../../../server/src/platform/engine/item.ts';
import type { AuthContext } from '../../../../server/src/platform/engine/auth-context.ts';
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
import { buildApiDescription } from '@/description/index-description';
import type { ListPage } from '@/services/platform';
import { realPlatformDocument } from '../admin/catalogue/real-platform-description';
import type { AdminApi } from '../admin/lib/admin-api';
import { readPreviewSubject } from './preview-data';
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
  {
    ID: 'extra-parent-category',
    EligibleExpression: "item.product.inparentcategory('camping')",
    ValueExpression: 'item.LineSubtotal * .05',
    LineItemLevel: true,
  },
];
const EXTRA_RULES = [
  'order.xp.Rush = true',
  "order.xp.Channel = 'Procurement' and order.Subtotal > 300",
  'items.quantity(Quantity > 0) > 10',
  "items.any(Product.incategory('backpacking-tents'))",
  // Products sit in leaf categories; 'camping' is two levels above them.
  "items.any(Product.inparentcategory('camping'))",
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
  // The cluster schema first, as the server migrates it: the demo seed reads the delivery receiver's key there.
  await runMigrations(database, [clusterSchemaOwner, { name: 'platform', migrationsFolder: platformFolder }]);
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

/**
 * The portal's admin API over the platform's operations (what an HTTP call would reach, without the HTTP). The
 * data no longer changes while it is read, so the same call answers the same: each is made once, which keeps
 * the catalogs' reads shared by many orders from costing seconds.
 */
function adminApi(call: ReturnType<typeof caller>): AdminApi {
  const answers = new Map<string, Promise<unknown>>();
  const once = <T>(operationId: string, params: Record<string, string>, query: Record<string, string | number>) => {
    const key = JSON.stringify([operationId, params, query]);
    if (!answers.has(key)) {
      const text = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));
      answers.set(key, call(operationId, params, text));
    }
    return answers.get(key) as Promise<T>;
  };
  const unused = () => Promise.reject(new Error('The preview only reads.'));
  return {
    // The preview reads through list and get alone.
    platform: undefined as never,
    list: (operation, params, query) => once<ListPage<Item>>(operation.id, params, query),
    get: (operation, params) => once<Item>(operation.id, params, {}),
    write: unused,
    remove: unused,
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
  const api = adminApi(call);
  const description = buildApiDescription(realPlatformDocument());
  const now = new Date();
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
    // What the preview reads, by its own code (preview-data.ts) over the platform's operations.
    const preview = await readPreviewSubject(api, description, orderId, new AbortController().signal);
    const stored = await store.require('Orders', [], orderId, 'Order');
    const lines = await lineItemsOf(store, orderId);
    cases.push({
      orderId,
      stored,
      preview: { ...preview, now },
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
        // The reason shown when not eligible comes from the same evaluation, so it must agree too.
        if (got.eligible !== expected.eligible || got.amount !== expected.amount || got.why.eligible !== got.eligible) {
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
        const got = previewApproval(rule, preview).holds;
        if (got) required += 1;
        if (got !== expected) differences.push(`order ${orderId}, rule ${rule}: preview ${got}, platform ${expected}`);
      }
    }
    expect(differences).toEqual([]);
    expect(required).toBeGreaterThan(0);
    expect(required).toBeLessThan(cases.length * rules.length);
  });
});
