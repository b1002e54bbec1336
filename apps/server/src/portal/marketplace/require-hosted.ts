import type { preHandlerAsyncHookHandler } from 'fastify';
import { callerOf } from '../auth.ts';
import { Problem } from '../problems.ts';
import type { PortalServices } from '../services.ts';
import { marketplaceFor } from './resolve.ts';

/**
 * A preHandler for the self-service tools: they use services of the product's own platform (search indexes, syncs,
 * subscriptions, staging restore, delivery logs, the receiver) that a marketplace on another platform does not
 * offer, so on a connected marketplace they answer 409 with one sentence naming the tool.
 *
 * @example
 * syncs.addHook('preHandler', requireHosted(services, 'Sync tools'));
 */
export function requireHosted(
  services: Pick<PortalServices, 'marketplaces'>,
  tool: string,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const link = await marketplaceFor(services, callerOf(request));
    if (link.kind !== 'Hosted') {
      throw new Problem(
        409,
        `${tool} uses services that only hosted marketplaces offer; it is not available on a connected marketplace.`,
      );
    }
  };
}
