import { validateExpression } from '@portal/expressions';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createSigningKeys } from '../auth/signing-keys.ts';
import { startOAuthApp } from '../auth/testing.ts';
import { resolveRoles } from '../auth/user-roles.ts';
import type { Item } from '../engine/item.ts';
import { productImage } from '../../content/product-images.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { PgStore } from '../engine/pg-store.ts';
import { orderTotal, roundMoney } from '../orders/pricing.ts';
import { isDue } from '../orders/schedule.ts';
import { platformRegistry } from '../resources/index.ts';
import { DEMO_MARKETPLACES, DEMO_PASSWORDS } from './access.ts';
import { seedDemoData, type DemoSeedResult } from './demo.ts';
import { GUEST_CHECKOUT_CLIENT_ID, GUEST_CONTEXT_USERNAME, SHOPPER_PROFILE, STOREFRONT_CLIENT_ID } from './setup.ts';

interface Row {
  resource: string;
  parent_key: string;
  id: string;
  body: Item;
}

async function documents(db: Db, marketplaceId: string, resource: string): Promise<Row[]> {
  return rowsOf<Row>(
    db,
    sql`SELECT resource, parent_key, id, body FROM platform.documents
        WHERE marketplace_id = ${marketplaceId} AND resource = ${resource} ORDER BY seq`,
  );
}

async function count(db: Db, table: 'documents' | 'assignments'): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM ${sql.raw(`platform.${table}`)}`,
  );
  return Number(row?.n ?? 0);
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** The data without its timestamps, which move with the seeding time. */
function withoutDates(value: unknown): unknown {
  if (typeof value === 'string') return ISO_DATE.test(value) ? '<date>' : value;
  if (Array.isArray(value)) return value.map(withoutDates);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutDates(entry)]));
  }
  return value;
}

const SANDBOX = 'demo-sandbox';

describe('seedDemoData', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let result: DemoSeedResult;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    result = await seedDemoData(first.database.db, platformRegistry, { publicUrl: 'http://localhost:4000' });
    await seedDemoData(second.database.db, platformRegistry, { publicUrl: 'http://localhost:4000' });
  });

  afterAll(async () => {
    await Promise.all([first?.dispose(), second?.dispose()]);
  });

  it('creates the three marketplaces, each with an admin who signs in with FullAccess', async () => {
    const db = first.database.db;
    const rows = await rowsOf<Item>(
      db,
      sql`SELECT id, name, environment, region_id FROM platform.marketplaces ORDER BY id`,
    );
    expect(rows).toHaveLength(3);
    expect(result.seeded).toBe(true);
    for (const definition of DEMO_MARKETPLACES) {
      expect(rows).toContainEqual({
        id: definition.id,
        name: definition.name,
        environment: definition.environment,
        region_id: 'local',
      });
      const store = new PgStore(db, platformRegistry, definition.id);
      const client = await store.get('ApiClients', [], `${definition.id}-admin`);
      expect(client).toMatchObject({
        AppName: `${definition.name} Admin`,
        AllowSeller: true,
        Active: true,
        ClientSecret: null,
      });
      expect(await store.get('AdminUsers', [], 'admin')).toMatchObject({ Username: 'admin', Active: true });
      expect(await resolveRoles(store, { id: 'admin', type: 'admin' })).toEqual(['FullAccess']);
    }
    const secret = await new PgStore(db, platformRegistry, SANDBOX).getSecret('AdminUsers', [], 'admin');
    expect(await verifyPassword(DEMO_PASSWORDS.admin, String(secret?.Password))).toBe(true);
  });

  it('lets a guest shop without an account through the guest checkout client', async () => {
    const db = first.database.db;
    const app = await startOAuthApp({
      db,
      registry: platformRegistry,
      keys: createSigningKeys(db),
      baseUrl: 'http://localhost:4000/platform',
    });
    try {
      const reply = await app.inject({
        method: 'POST',
        url: '/platform/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${GUEST_CHECKOUT_CLIENT_ID}`,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const claims = decodeJwt(String(reply.json<{ access_token: string }>().access_token));
      expect(claims).toMatchObject({ usr: GUEST_CONTEXT_USERNAME, usrtype: 'buyer', mkt: SANDBOX });
      expect([claims.role].flat()).toContain('Shopper');
    } finally {
      await app.close();
    }
  });

  it('creates nothing when marketplaces exist already', async () => {
    const db = first.database.db;
    const before = [await count(db, 'documents'), await count(db, 'assignments')];
    const again = await seedDemoData(db, platformRegistry);
    expect(again.seeded).toBe(false);
    expect([await count(db, 'documents'), await count(db, 'assignments')]).toEqual(before);
  });

  it('writes the same ids, names, prices and relationships every time', async () => {
    for (const resource of ['Products', 'PriceSchedules', 'Orders', 'LineItems', 'Payments', 'Shipments']) {
      const [a, b] = await Promise.all([
        documents(first.database.db, SANDBOX, resource),
        documents(second.database.db, SANDBOX, resource),
      ]);
      expect(a.length, resource).toBeGreaterThan(0);
      expect(b.map((row) => row.id)).toEqual(a.map((row) => row.id));
      expect(withoutDates(b)).toEqual(withoutDates(a));
    }
  });

  it('builds a store big enough to browse: products, orders of every status, xp type conflicts', async () => {
    const db = first.database.db;
    const products = await documents(db, SANDBOX, 'Products');
    expect(products.length).toBeGreaterThanOrEqual(500);
    const sizeTypes = products.flatMap((row) => {
      const size = (row.body.xp as Item).Size;
      return size === undefined ? [] : [typeof size];
    });
    const textSizes = sizeTypes.filter((type) => type === 'string').length;
    expect(sizeTypes.filter((type) => type === 'number').length).toBeGreaterThan(100);
    expect(textSizes).toBeGreaterThanOrEqual(3);
    expect(textSizes).toBeLessThanOrEqual(5);

    const orders = await documents(db, SANDBOX, 'Orders');
    expect(orders.length).toBeGreaterThanOrEqual(200);
    expect(new Set(orders.map((row) => row.body.Status))).toEqual(new Set(platformRegistry.enums.OrderStatus));

    const store = new PgStore(db, platformRegistry, SANDBOX);
    const storefront = await store.get('ApiClients', [], STOREFRONT_CLIENT_ID);
    expect(storefront).toMatchObject({ AppName: 'Demo Storefront', AllowAnyBuyer: true, AllowSeller: false });
    expect(await store.find('ImpersonationConfigs', [], { ClientID: STOREFRONT_CLIENT_ID })).toEqual([
      expect.objectContaining({ item: expect.objectContaining({ SecurityProfileID: SHOPPER_PROFILE }) }),
    ]);
    const guest = await store.get('ApiClients', [], GUEST_CHECKOUT_CLIENT_ID);
    expect(guest).toMatchObject({ IsAnonBuyer: true, DefaultContextUserName: GUEST_CONTEXT_USERNAME });
    const buyers = await store.find('Buyers', []);
    expect(buyers.length).toBeGreaterThanOrEqual(3);
    for (const buyer of buyers) {
      expect(await store.find('Users', [buyer.id])).not.toHaveLength(0);
      const roles = await resolveRoles(store, { id: 'nobody', type: 'buyer', companyId: buyer.id });
      expect(roles).toEqual(expect.arrayContaining(['Shopper', 'MeAdmin']));
    }
    const subscriptions = (await documents(db, SANDBOX, 'Subscriptions')).map((row) => row.body);
    expect(subscriptions.filter((subscription) => isDue(subscription, new Date())).length).toBeGreaterThan(0);
    expect(subscriptions.some((subscription) => Date.parse(String(subscription.NextOrderDate)) > Date.now())).toBe(
      true,
    );
    expect((await documents(db, SANDBOX, 'SubscriptionIntegrations'))[0]?.body).toMatchObject({
      ApiClientID: `${SANDBOX}-admin`,
      Active: true,
    });
    // Only the Sandbox holds a store; the other marketplaces start with admin access alone.
    expect(await documents(db, 'demo-staging', 'Products')).toHaveLength(0);
  });

  it('gives every product a picture the content part draws, at a root-relative URL', async () => {
    const products = await documents(first.database.db, SANDBOX, 'Products');
    const urls = products.map((row) => String(((row.body.xp as Item).Images as Item[] | undefined)?.[0]?.Url));
    const prefix = '/content/images/products/';
    expect(urls.every((url) => url.startsWith(prefix) && productImage(url.slice(prefix.length)) !== null)).toBe(true);
    // Types and colours vary: a list page shows several different pictures.
    expect(new Set(urls).size).toBeGreaterThan(100);
  });

  it('keeps order figures consistent with their line items, shipments and status dates', async () => {
    const db = first.database.db;
    const lines = new Map<string, Item[]>();
    for (const row of await documents(db, SANDBOX, 'LineItems')) {
      lines.set(row.parent_key, [...(lines.get(row.parent_key) ?? []), row.body]);
    }
    for (const { body: order } of await documents(db, SANDBOX, 'Orders')) {
      const items = lines.get(String(order.ID)) ?? [];
      expect(items.length, String(order.ID)).toBeGreaterThan(0);
      expect(order.LineItemCount).toBe(items.length);
      expect(order.Subtotal).toBe(roundMoney(items.reduce((sum, line) => sum + Number(line.LineSubtotal), 0)));
      expect(order.Total).toBe(orderTotal(order));
      expect(order).toMatchObject({ ToCompanyID: SANDBOX, FromUser: { ID: order.FromUserID } });
      expect(order.IsSubmitted).toBe(order.Status !== 'Unsubmitted');
      if (order.Status === 'Completed') {
        expect(order.DateCompleted).toEqual(expect.any(String));
        expect(items.every((line) => line.QuantityShipped === line.Quantity)).toBe(true);
      }
      if (order.Status === 'AwaitingApproval') expect(Number(order.Total)).toBeGreaterThan(1000);
    }
  });

  it('keys assignments as the store does, so saving one again replaces it', async () => {
    const db = first.database.db;
    const store = new PgStore(db, platformRegistry, SANDBOX);
    const definition = platformRegistry.resource('Products').assignments?.[0];
    const [assignment] = await store.findAssignments('ProductAssignment', [], {});
    expect(definition?.model.name).toBe('ProductAssignment');
    expect(assignment).toBeDefined();
    const before = await count(db, 'assignments');
    await store.saveAssignment('ProductAssignment', [], definition?.key ?? [], assignment as Item);
    expect(await count(db, 'assignments')).toBe(before);
  });

  it('writes only rule expressions the rules engine accepts', async () => {
    const checks: [string, string, 'Eligible' | 'Value' | 'Rule' | 'SellerRule'][] = [
      ['Promotions', 'EligibleExpression', 'Eligible'],
      ['Promotions', 'ValueExpression', 'Value'],
      ['ApprovalRules', 'RuleExpression', 'Rule'],
      ['SellerApprovalRules', 'RuleExpression', 'SellerRule'],
    ];
    let checked = 0;
    for (const [resource, property, kind] of checks) {
      for (const { body } of await documents(first.database.db, SANDBOX, resource)) {
        const text = body[property];
        if (typeof text !== 'string') continue;
        checked += 1;
        const lineItemLevel = body.LineItemLevel === true;
        expect(validateExpression(text, kind, { lineItemLevel }), `${resource} ${String(body.ID)}`).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
