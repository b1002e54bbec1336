/** A link in the top bar (and, on narrow screens, in the "More..." menu). */
export interface TopNavigationItem {
  label: string;
  href: string;
  /** Match the path exactly; without it a link is also active on the pages below it. */
  end?: boolean;
  badge?: string;
  /** Only listed in the narrow-screen "More..." menu. */
  menuOnly?: boolean;
}

export const topNavigation: readonly TopNavigationItem[] = [
  { label: 'Home', href: '/', end: true },
  { label: 'Roles', href: '/roles' },
  { label: 'API console', href: '/console' },
  { label: 'Self-service', href: '/self-service' },
  { label: 'Marketplace explorer', href: '/admin', badge: 'New' },
  { label: 'Index tools', href: '/indexing', menuOnly: true },
];

/** A marketplace resource in the sidebar; `resource` is the kebab-cased name used in `/admin/<resource>`. */
export interface SidebarItem {
  label: string;
  resource: string;
  href: string;
}

export interface SidebarSection {
  title: string;
  items: readonly SidebarItem[];
}

/** `subpath` is for the few resources whose landing page is below the resource itself (Orders opens on incoming). */
type SidebarEntry = string | { label: string; subpath: string };

// The one table behind the sidebar (spec 1 §2 Shell). Keep it the only list: the home tiles and admin pages
// should derive from it rather than repeat it.
const sidebarTable: readonly { title: string; entries: readonly SidebarEntry[] }[] = [
  {
    title: 'Authentication and Authorization',
    entries: ['Api Clients', 'Security Profiles', 'Impersonation Configs'],
  },
  { title: 'Marketplace Owners', entries: ['Admin Users', 'Admin User Groups', 'Admin Addresses'] },
  { title: 'Buyers and Suppliers', entries: ['Buyers', 'Suppliers', 'Locales'] },
  {
    title: 'Products And Catalogs',
    entries: ['Products', 'Price Schedules', 'Specs', 'Product Facets', 'Promotions', 'Catalogs', 'Bundles'],
  },
  {
    title: 'Orders And Fulfillment',
    entries: [
      { label: 'Orders', subpath: 'incoming' },
      'Shipments',
      'Order Returns',
      'Seller Approval Rules',
      'Subscriptions',
    ],
  },
  {
    title: 'Integrations',
    entries: [
      'Webhooks',
      'Open Id Connects',
      'Tracking Events',
      'Delivery Configurations',
      'Integration Events',
      'Message Senders',
    ],
  },
  { title: 'Configurations', entries: ['Incrementors', 'Xp Indices'] },
];

/**
 * 'Price Schedules' -> 'price-schedules'.
 *
 * @example
 * toKebabCase('Open Id Connects'); // 'open-id-connects'
 */
export function toKebabCase(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

function toSidebarItem(entry: SidebarEntry): SidebarItem {
  const label = typeof entry === 'string' ? entry : entry.label;
  const resource = toKebabCase(label);
  const base = `/admin/${resource}`;
  return { label, resource, href: typeof entry === 'string' ? base : `${base}/${entry.subpath}` };
}

export const sidebarSections: readonly SidebarSection[] = sidebarTable.map(({ title, entries }) => ({
  title,
  items: entries.map(toSidebarItem),
}));

/** The sidebar entry for `/admin/<resource>`, if the resource is one we list. */
export function findSidebarItem(resource: string): SidebarItem | undefined {
  return sidebarSections.flatMap((section) => section.items).find((item) => item.resource === resource);
}
