import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiverSigningKey } from '../../receiver/signing-key.ts';
import { insertMarketplace } from '../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { platformRegistry } from '../resources/index.ts';
import type { SeedContext } from './common.ts';
import { DEMO_RECEIVER_CONFIG_ID, seedDemoReceiver } from './demo-receiver.ts';
import { SeedWriter } from './writer.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertMarketplace(t.database.db, 'demo-sandbox');
});
afterAll(async () => {
  await t?.dispose();
});

describe('the demo receiver delivery configuration', () => {
  it('sends to the receiver under the public URL, signed with the key the receiver checks', async () => {
    const writer = new SeedWriter(platformRegistry, 'demo-sandbox');
    const context = { writer, marketplaceId: 'demo-sandbox', publicUrl: 'https://portal.example' } as SeedContext;
    await seedDemoReceiver(t.database.db, context);
    const secret = await receiverSigningKey(t.database.db, 'demo-sandbox');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await writer.flush(t.database.db);
    const rows = await t.database.executeSql(
      `SELECT body FROM platform.documents WHERE marketplace_id = 'demo-sandbox' AND resource = 'DeliveryConfigurations'`,
    );
    expect(rows.rows.map((row) => row.body)).toEqual([
      expect.objectContaining({
        ID: DEMO_RECEIVER_CONFIG_ID,
        Enabled: true,
        DeliveryTargets: expect.objectContaining({
          Http: expect.objectContaining({ Endpoint: 'https://portal.example/receiver/demo-sandbox', Secret: secret }),
        }),
      }),
    ]);
  });
});
