/**
 * The product-usage events the portal service accepts (spec 1 §1 analytics): the web app sends them, the service
 * refuses any other name, so a typo cannot grow the table with names nobody counts.
 */
export const USAGE_EVENT_NAMES = [
  'page.view',
  'console.send',
  'impersonation.start',
  'expressions.save',
  'self-service.index-rebuild',
  'self-service.sync',
  'self-service.subscription-run',
  'self-service.staging-restore',
  'self-service.staging-test',
] as const;

export type UsageEventName = (typeof USAGE_EVENT_NAMES)[number];
