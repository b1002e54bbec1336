import type { Item } from '../engine/item.ts';
import { filled } from '../engine/values.ts';

/** A destination this platform POSTs to: a URL, the key the body is signed with, extra headers. */
export interface HttpTarget {
  deliverable: true;
  /** Url (a webhook's own URL), Http, or SearchIngestion (its content's HTTP endpoint). */
  kind: 'Url' | 'Http' | 'SearchIngestion';
  url: string;
  signingKey: string | null;
  headers: Record<string, string>;
}

/** A destination that is stored but not sent to; it is logged, never dropped silently. */
export interface UndeliveredTarget {
  deliverable: false;
  kind: string;
  description: string;
  reason: string;
}

export type DeliveryTarget = HttpTarget | UndeliveredTarget;

export const NOT_DELIVERED_BY_THIS_PLATFORM = 'Not delivered by this platform: it sends only to HTTP endpoints.';

function customHeader(config: Item): Record<string, string> {
  const name = config.CustomAuthHeaderName;
  const value = config.CustomAuthHeaderValue;
  return filled(name) && filled(value) ? { [String(name)]: String(value) } : {};
}

const asItem = (value: unknown): Item | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Item) : undefined;

/**
 * Where a delivery configuration sends: one target per block set in its DeliveryTargets. Http is
 * sent to its Endpoint signed with its Secret; a search ingestion to its content's HTTP endpoint
 * signed with its ApiKey; every other kind (Kafka, cloud stores...) is reported as not delivered.
 */
export function configTargets(config: Item): DeliveryTarget[] {
  const configId = String(config.ID);
  if (config.Enabled === false) {
    return [
      {
        deliverable: false,
        kind: 'DeliveryConfig',
        description: `Delivery configuration ${configId}`,
        reason: 'The delivery configuration is disabled (Enabled is false).',
      },
    ];
  }
  const targets: DeliveryTarget[] = [];
  for (const [kind, value] of Object.entries(asItem(config.DeliveryTargets) ?? {})) {
    const block = asItem(value);
    if (!block) continue;
    const description = `Delivery configuration ${configId}, ${kind}`;
    if (kind === 'Http' && filled(block.Endpoint)) {
      targets.push({
        deliverable: true,
        kind: 'Http',
        url: String(block.Endpoint),
        signingKey: filled(block.Secret) ? String(block.Secret) : null,
        headers: customHeader(block),
      });
    } else if (kind === 'SearchIngestion' && filled(asItem(asItem(block.Content)?.Http)?.Endpoint)) {
      const http = asItem(asItem(block.Content)?.Http) as Item;
      targets.push({
        deliverable: true,
        kind: 'SearchIngestion',
        url: String(http.Endpoint),
        signingKey: filled(block.ApiKey) ? String(block.ApiKey) : null,
        headers: customHeader(http),
      });
    } else if (kind === 'Http' || kind === 'SearchIngestion') {
      targets.push({ deliverable: false, kind, description, reason: 'It names no HTTP endpoint.' });
    } else {
      targets.push({ deliverable: false, kind, description, reason: NOT_DELIVERED_BY_THIS_PLATFORM });
    }
  }
  if (targets.length === 0) {
    targets.push({
      deliverable: false,
      kind: 'DeliveryConfig',
      description: `Delivery configuration ${configId}`,
      reason: 'It has no delivery target.',
    });
  }
  return targets;
}

/** A post-hook webhook's destinations: its delivery configuration's targets, else its own Url and HashKey. */
export function webhookTargets(webhook: Item, config: Item | undefined): DeliveryTarget[] {
  if (filled(webhook.DeliveryConfigID)) {
    if (!config) {
      return [
        {
          deliverable: false,
          kind: 'DeliveryConfig',
          description: `Delivery configuration ${String(webhook.DeliveryConfigID)}`,
          reason: 'The delivery configuration no longer exists.',
        },
      ];
    }
    return configTargets(config);
  }
  return [
    {
      deliverable: true,
      kind: 'Url',
      url: String(webhook.Url ?? ''),
      signingKey: filled(webhook.HashKey) ? String(webhook.HashKey) : null,
      headers: customHeader(webhook),
    },
  ];
}
