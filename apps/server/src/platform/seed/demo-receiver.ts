import { receiverEndpoint, receiverSigningKey } from '../../receiver/signing-key.ts';
import type { Db } from '../../db/database.ts';
import type { SeedContext } from './common.ts';

/** The demo marketplace's delivery configuration: its syncs go to the receiver the product runs. */
export const DEMO_RECEIVER_CONFIG_ID = 'demo-receiver';

/**
 * A delivery configuration whose Http target is the built-in receiver (receiver/part.ts) under the public
 * URL, signed with the marketplace's receiver key, so a first sync on the demo marketplace is delivered
 * and shows up in Self-service > Received deliveries without a system of the user's own.
 */
export async function seedDemoReceiver(db: Db, context: SeedContext): Promise<void> {
  context.writer.add('DeliveryConfigurations', [], {
    ID: DEMO_RECEIVER_CONFIG_ID,
    Name: 'Demo receiver (built in)',
    Enabled: true,
    DeliveryTargets: {
      Http: {
        Endpoint: receiverEndpoint(context.publicUrl, context.marketplaceId),
        Secret: await receiverSigningKey(db, context.marketplaceId),
      },
    },
  });
}
