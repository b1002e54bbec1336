import { describe, expect, it } from 'vitest';
import { findSidebarItem, sidebarSections, toKebabCase, topNavigation } from './navigation';

const allItems = sidebarSections.flatMap((section) => section.items);

describe('sidebar navigation table', () => {
  it('lists the seven sections of the spec in order', () => {
    expect(sidebarSections.map((section) => section.title)).toEqual([
      'Authentication and Authorization',
      'Marketplace Owners',
      'Buyers and Suppliers',
      'Products And Catalogs',
      'Orders And Fulfillment',
      'Integrations',
      'Configurations',
    ]);
    expect(allItems).toHaveLength(29);
  });

  it('gives every child a unique href under /admin', () => {
    const hrefs = allItems.map((item) => item.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const href of hrefs) expect(href).toMatch(/^\/admin\/[a-z0-9-]+(\/[a-z0-9-]+)?$/);
  });

  it('kebab-cases resource names, with Orders landing on incoming', () => {
    expect(findSidebarItem('api-clients')?.href).toBe('/admin/api-clients');
    expect(findSidebarItem('open-id-connects')?.label).toBe('Open Id Connects');
    expect(findSidebarItem('xp-indices')?.href).toBe('/admin/xp-indices');
    expect(findSidebarItem('orders')?.href).toBe('/admin/orders/incoming');
    expect(findSidebarItem('unknown')).toBeUndefined();
  });

  it('kebab-cases spaced and camel-cased names alike', () => {
    expect(toKebabCase('Seller Approval Rules')).toBe('seller-approval-rules');
    expect(toKebabCase('ApiClients')).toBe('api-clients');
  });
});

describe('top navigation table', () => {
  it('marks the marketplace explorer as new and keeps index tools in the menu only', () => {
    expect(topNavigation.find((item) => item.href === '/admin')?.badge).toBe('New');
    expect(topNavigation.filter((item) => item.menuOnly).map((item) => item.href)).toEqual(['/indexing']);
  });
});
