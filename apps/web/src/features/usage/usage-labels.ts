import type { UsageEventName } from '@portal/contracts';

/** What each counted event is called on the usage page, in the order the rows are listed. */
export const FEATURE_LABELS: Readonly<Record<UsageEventName, string>> = {
  'page.view': 'Page views',
  'console.send': 'API console requests',
  'impersonation.start': 'Impersonations started',
  'expressions.save': 'Expressions saved',
  'self-service.index-rebuild': 'Search index rebuilds',
  'self-service.sync': 'Syncs started',
  'self-service.subscription-run': 'Subscription runs',
  'self-service.staging-restore': 'Staging restores',
  'self-service.staging-test': 'Webhook tests',
};

/**
 * `2026-W48` -> `Week 48`: the year is in the date under it.
 *
 * @example
 * weekLabel('2026-W05'); // 'Week 5'
 */
export function weekLabel(isoWeek: string): string {
  const week = /-W(\d+)$/.exec(isoWeek)?.[1];
  return week ? `Week ${Number(week)}` : isoWeek;
}
