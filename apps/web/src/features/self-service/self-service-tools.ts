// TOOLS: the self-service children (spec 1 §2 "Self-service"), in side-menu order. Later tools replace their
// placeholder by adding a `lazy` page here; the frame, nav and routes follow from this list.

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
  /** Not built yet: the route shows a labelled placeholder. */
  placeholder?: boolean;
}

export const SELF_SERVICE_TOOLS: readonly SelfServiceTool[] = [
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
];

/**
 * The tools the side menu lists in a marketplace environment (staging restore only on Staging).
 *
 * @example
 * visibleTools('Sandbox').map((tool) => tool.path); // ['index-tools', 'sync-tools', 'received-deliveries', 'subscriptions']
 */
export function visibleTools(environment: string): SelfServiceTool[] {
  return SELF_SERVICE_TOOLS.filter((tool) => !tool.environments || tool.environments.includes(environment));
}
