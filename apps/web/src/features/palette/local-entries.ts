import { canCall, resourceNameAccessible } from '@/access/access';
import { sidebarSections, topNavigation } from '@/app/navigation';
import type { ApiDescription } from '@/description/api-model';
import { canReadActivity } from '@/features/admin/activity/activity-access';
import { consoleHref } from '@/features/admin/detail/console-link';
import { visibleTools } from '@/features/self-service/self-service-tools';
import type { PortalUser } from '@/services/portal';

// The palette's own results (issue 24): the portal's pages and the console's operations, found without a request.

export type LocalGroupId = 'pages' | 'operations';

/** One line of the palette: where it leads and the words it is found by. */
export interface PaletteEntry {
  /** Unique within the palette (the option's DOM id is derived from it). */
  readonly key: string;
  /** The platform ID of a marketplace item (an exact match of it leads the list). */
  readonly id?: string;
  readonly title: string;
  readonly subtitle: string;
  /** An in-app path. */
  readonly href: string;
  /** Further words that find it ("impersonate" for the impersonation panel). */
  readonly keywords?: readonly string[];
}

export interface LocalEntries {
  readonly pages: readonly PaletteEntry[];
  readonly operations: readonly PaletteEntry[];
}

export interface LocalContext {
  readonly me: Pick<PortalUser, 'IsOrganizationAdmin' | 'ScPermissionGrants'>;
  readonly roles: readonly string[];
  readonly description: ApiDescription;
  /** The marketplace's environment (Staging restore is listed on Staging only) and whether it is hosted. */
  readonly environment: string;
  readonly hosted: boolean;
}

const page = (title: string, href: string, subtitle = 'Page', keywords?: readonly string[]): PaletteEntry => ({
  key: `page:${href}`,
  title,
  subtitle,
  href,
  ...(keywords ? { keywords } : {}),
});

/**
 * The pages the user can open: the top bar's, the org admin's own pages, the self-service tools (org admins, hosted
 * marketplaces), the Activity page (org admins and the AuditReader grant) and every explorer list their roles reach.
 * Pages the user cannot open are left out rather than shown disabled: the palette is for going somewhere.
 *
 * @example
 * localPages({ me, roles: ['BuyerReader'], description, environment: 'Sandbox', hosted: true })
 *   .map((entry) => entry.title); // ['Home', 'Roles', 'API console', ..., 'Buyers']
 */
export function localPages(context: LocalContext): PaletteEntry[] {
  const { me, roles, description } = context;
  const pages = topNavigation
    .filter((item) => item.href !== '/indexing')
    .map((item) => page(item.label, item.href, 'Page', item.href === '/admin' ? ['admin'] : undefined));
  pages.push(page('Marketplaces', '/marketplaces', 'Page', ['switch marketplace', 'connect']));
  if (me.IsOrganizationAdmin) pages.push(page('Usage', '/usage', 'Page', ['analytics']));
  if (canReadActivity(me)) pages.push(page('Activity', '/admin/activity', 'Change history', ['history', 'audit']));
  if (me.IsOrganizationAdmin && context.hosted) {
    for (const tool of visibleTools(context.environment)) {
      pages.push(page(tool.label, `/self-service/${tool.path}`, 'Self-service tool'));
    }
  }
  for (const section of sidebarSections) {
    for (const item of section.items) {
      if (resourceNameAccessible(roles, description, item.label)) {
        pages.push(page(item.label, item.href, `Marketplace explorer · ${section.title}`));
      }
    }
  }
  return pages;
}

/** "Products.Create" -> "Create product"-like words: the summary when it has one, else the method split. */
function operationTitle(summary: string, id: string): string {
  const trimmed = summary.trim().replace(/\.$/, '');
  if (trimmed) return trimmed;
  const method = id.split('.')[1] ?? id;
  return method.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/**
 * Every operation of the description the user's roles may call, opening it in the API console; plus the console's
 * impersonation, which is a panel rather than an operation.
 *
 * @example
 * localOperations(context).find((entry) => entry.key === 'op:Products.Create')?.href;
 * // '/console?resourceId=Products&operationId=Products.Create'
 */
export function localOperations(context: LocalContext): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const grants: Readonly<Record<string, boolean | undefined>> = context.me.ScPermissionGrants;
  if (grants.ImpersonateBuyer || grants.ImpersonateSeller || grants.ImpersonateSupplier) {
    entries.push({
      key: 'op:impersonation',
      title: 'Impersonate a user',
      subtitle: 'API console · send requests as a buyer, seller or supplier user',
      href: '/console',
      keywords: ['impersonate', 'impersonation', 'act as'],
    });
  }
  for (const resource of context.description.resources) {
    for (const operation of resource.operations) {
      if (!canCall(context.roles, operation)) continue;
      const method = operation.id.split('.')[1] ?? '';
      entries.push({
        key: `op:${operation.id}`,
        title: operationTitle(operation.summary, operation.id),
        subtitle: `API console · ${operation.id}`,
        href: consoleHref(operation.id, operation.resourceId, {}),
        // "create product" finds Products.Create: the method and the resource's name, singular and plural.
        keywords: [`${method} ${resource.name}`, `${method} ${resource.name.replace(/s$/, '')}`, operation.id],
      });
    }
  }
  return entries;
}
