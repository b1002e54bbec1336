// The self-service tools (spec 1 §2 "Self-service"), in side-menu order: the side menu and the routes
// (self-service-route.tsx, one page per path, checked by the type system) follow from this list.

export const SELF_SERVICE_TITLE = 'Self-service';
export const NON_ORG_ADMIN_WARNING = 'Contact your administrator to use self-service tools.';
export const ORG_ADMIN_INTRO =
  'Use these tools to quickly troubleshoot common issues in your marketplace: search indexes, syncs, subscriptions and the staging restore.';

export interface SelfServiceTool {
  /** Path segment under /self-service. */
  path: string;
  label: string;
  /** Marked BETA in the side menu. */
  beta?: boolean;
  /** Listed only in these marketplace environments (all when absent). */
  environments?: readonly string[];
}

export const SELF_SERVICE_TOOLS = [
  { path: 'index-tools', label: 'Index tools' },
  { path: 'sync-tools', label: 'Sync tools' },
  // Beyond the spec: what the receiver the product runs got (the demo marketplace's syncs go there), beside the
  // tool that sends to it.
  { path: 'received-deliveries', label: 'Received deliveries' },
  { path: 'subscriptions', label: 'Subscription tools' },
  {
    path: 'staging-restore',
    label: 'Staging restore',
    beta: true,
    environments: ['Staging'],
  },
] as const satisfies readonly SelfServiceTool[];

/** The path of each tool, one page per path. */
export type SelfServiceToolPath = (typeof SELF_SERVICE_TOOLS)[number]['path'];

/**
 * The tools the side menu lists in a marketplace environment (staging restore only on Staging).
 *
 * @example
 * visibleTools('Sandbox').map((tool) => tool.path); // ['index-tools', 'sync-tools', 'received-deliveries', 'subscriptions']
 */
export function visibleTools(environment: string): SelfServiceTool[] {
  return SELF_SERVICE_TOOLS.filter(
    (tool: SelfServiceTool) => !tool.environments || tool.environments.includes(environment),
  );
}

/** The side menu's tag on a tool a connected marketplace cannot run. */
export const NOT_AVAILABLE_TAG = 'Not available';

/**
 * Why no self-service tool runs on a connected marketplace (issue 21): they use services that only the marketplaces
 * the product hosts offer, which a marketplace reached over the public API does not have.
 *
 * @example
 * hostedOnlyReason('Acme Live'); // 'This tool uses services that only hosted marketplaces offer, so it is not available on Acme Live, a connected marketplace.'
 */
export function hostedOnlyReason(marketplaceName: string): string {
  return `This tool uses services that only hosted marketplaces offer, so it is not available on ${marketplaceName}, a connected marketplace.`;
}
