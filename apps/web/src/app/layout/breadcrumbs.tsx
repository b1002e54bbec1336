import { Box, Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { withKeptQuery } from '@/lib/keep-query';
import { useBreadcrumbNames, type BreadcrumbNames } from './breadcrumb-names';

/** One crumb: its label and the path it links to. */
export interface BreadcrumbEntry {
  href: string;
  label: string;
}

// Route words the portal itself defines; anything else in a path is data (an id) or a resource name.
const ROUTE_LABELS: Readonly<Record<string, string>> = {
  admin: 'Admin',
  roles: 'Roles',
  usage: 'Product usage',
  marketplaces: 'Marketplaces',
  console: 'API console',
  'self-service': 'Self-service',
  'index-tools': 'Index tools',
  'sync-tools': 'Sync tools',
  'received-deliveries': 'Received deliveries',
  subscriptions: 'Subscriptions',
  'staging-restore': 'Staging restore',
  incoming: 'Incoming',
  outgoing: 'Outgoing',
  new: 'New',
  articles: 'Knowledge base',
  'release-notes': 'Release notes',
};

/**
 * The crumbs of a path: route words by their label, the resource after /admin title-cased from its kebab
 * name, and any other segment (an id) by its display name from `names`, else as it is.
 *
 * @example
 * breadcrumbEntries('/admin/admin-user-groups/order-desk', { 'order-desk': 'Order Desk' }).map((c) => c.label);
 * // ['Admin', 'Admin User Groups', 'Order Desk']
 */
export function breadcrumbEntries(pathname: string, names: BreadcrumbNames = {}): BreadcrumbEntry[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((raw, index) => {
    const segment = safeDecode(raw);
    const href = `/${segments.slice(0, index + 1).join('/')}`;
    const resourceName = index === 1 && segments[0] === 'admin' ? titleCase(segment) : undefined;
    const label = names[segment] ?? ROUTE_LABELS[segment] ?? resourceName ?? segment;
    return { href, label };
  });
}

/**
 * The breadcrumb bar: path segments as links that keep organization and tenantName; hidden when the path has
 * only one segment, since a single crumb repeats the page heading. Names given by pages (see
 * `useBreadcrumbName`) and through `names` label id segments; `names` wins.
 */
export function Breadcrumbs({ names }: { names?: BreadcrumbNames }) {
  const { pathname, search } = useLocation();
  const pageNames = useBreadcrumbNames();
  const entries = breadcrumbEntries(pathname, names ? { ...pageNames, ...names } : pageNames);
  if (entries.length <= 1) return null;
  return (
    <Box mb="4">
      <Breadcrumb.Root aria-label="Breadcrumb" size="sm">
        <Breadcrumb.List>
          {entries.map((entry, index) => (
            <Fragment key={entry.href}>
              {index > 0 && <Breadcrumb.Separator />}
              <Breadcrumb.Item>
                {index === entries.length - 1 ? (
                  <Breadcrumb.CurrentLink>{entry.label}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild>
                    <RouterLink to={withKeptQuery(entry.href, search)}>{entry.label}</RouterLink>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
            </Fragment>
          ))}
        </Breadcrumb.List>
      </Breadcrumb.Root>
    </Box>
  );
}

function titleCase(kebab: string): string {
  return kebab
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

// A malformed escape in a hand-typed URL must not break the whole frame.
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
