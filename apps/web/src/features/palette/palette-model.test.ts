import { GRANTS, type Grants, type SearchAnswer } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { realPlatformDocument } from '@/features/admin/catalogue/real-platform-description';
import { localOperations, localPages, type LocalContext, type PaletteEntry } from './local-entries';
import { flatEntries, paletteGroups, searchItemHref } from './palette-groups';
import { rankLocal } from './rank-local';

const description = buildApiDescription(realPlatformDocument());
const NO_GRANTS_FOR_TESTS = Object.fromEntries(GRANTS.map((grant) => [grant, false])) as Grants;

function context(overrides: Partial<LocalContext> = {}): LocalContext {
  return {
    me: { IsOrganizationAdmin: false, ScPermissionGrants: NO_GRANTS_FOR_TESTS },
    roles: ['FullAccess'],
    description,
    environment: 'Sandbox',
    hosted: true,
    ...overrides,
  };
}

const titles = (entries: readonly PaletteEntry[]) => entries.map((entry) => entry.title);
const entry = (title: string, fields: Partial<PaletteEntry> = {}): PaletteEntry => ({
  key: title,
  title,
  subtitle: '',
  href: `/${title}`,
  ...fields,
});

describe('rankLocal', () => {
  const entries = [
    entry('Product Facets'),
    entry('Products'),
    entry('Price Schedules', { subtitle: 'products' }),
    entry('Impersonate a user', { keywords: ['impersonate'] }),
  ];

  it('puts the exact title first, then title prefixes, then other matches in their own order', () => {
    expect(titles(rankLocal(entries, 'products', 5))).toEqual(['Products', 'Price Schedules']);
    expect(titles(rankLocal(entries, 'product', 5))).toEqual(['Product Facets', 'Products', 'Price Schedules']);
  });

  it('needs every word, in any order and case', () => {
    expect(titles(rankLocal(entries, 'FACETS prod', 5))).toEqual(['Product Facets']);
    expect(rankLocal(entries, 'product nothing', 5)).toEqual([]);
  });

  it('finds by keyword, finds nothing for blank text, and keeps to the limit', () => {
    expect(titles(rankLocal(entries, 'impersonate', 5))).toEqual(['Impersonate a user']);
    expect(rankLocal(entries, '   ', 5)).toEqual([]);
    expect(rankLocal(entries, 'p', 2)).toHaveLength(2);
  });
});

describe('local pages and operations', () => {
  it('lists the explorer lists a BuyerReader can open and hides the rest', () => {
    const pages = titles(localPages(context({ roles: ['BuyerReader'] })));
    expect(pages).toContain('Buyers');
    expect(pages).toContain('Home');
    expect(pages).not.toContain('Products');
    expect(pages).not.toContain('Admin Users');
  });

  it('shows the self-service tools, Usage and Activity to organization admins of hosted marketplaces only', () => {
    const admin = { IsOrganizationAdmin: true, ScPermissionGrants: NO_GRANTS_FOR_TESTS };
    expect(titles(localPages(context({ me: admin })))).toEqual(
      expect.arrayContaining(['Index tools', 'Sync tools', 'Usage', 'Activity']),
    );
    expect(titles(localPages(context({ me: admin })))).not.toContain('Staging restore');
    expect(titles(localPages(context({ me: admin, environment: 'Staging' })))).toContain('Staging restore');
    expect(titles(localPages(context({ me: admin, hosted: false })))).not.toContain('Index tools');
    const user = titles(localPages(context()));
    expect(user).not.toContain('Index tools');
    expect(user).not.toContain('Usage');
    expect(user).not.toContain('Activity');
  });

  it("finds 'create product' as Products.Create in the console, for roles that may call it", () => {
    const [first] = rankLocal(localOperations(context()), 'create product', 5);
    expect(first).toMatchObject({
      key: 'op:Products.Create',
      href: '/console?resourceId=Products&operationId=Products.Create',
    });
    const reader = localOperations(context({ roles: ['ProductReader'] })).map((operation) => operation.key);
    expect(reader).toContain('op:Products.List');
    expect(reader).not.toContain('op:Products.Create');
  });

  it("offers 'impersonate' with an impersonation grant only", () => {
    const granted = {
      IsOrganizationAdmin: false,
      ScPermissionGrants: { ...NO_GRANTS_FOR_TESTS, ImpersonateBuyer: true },
    };
    expect(rankLocal(localOperations(context({ me: granted })), 'impersonate', 5)[0]).toMatchObject({
      title: 'Impersonate a user',
      href: '/console',
    });
    expect(localOperations(context()).map((operation) => operation.key)).not.toContain('op:impersonation');
  });
});

describe('palette groups', () => {
  it('opens each kind on its explorer page, nested under its parents', () => {
    expect(searchItemHref('Orders', { ID: 'o-1', ParentIDs: ['Incoming'] })).toBe('/admin/orders/incoming/o-1');
    expect(searchItemHref('Users', { ID: 'u 1', ParentIDs: ['b1'] })).toBe('/admin/buyers/b1/users/u%201');
    expect(searchItemHref('SupplierUsers', { ID: 'su', ParentIDs: ['s1'] })).toBe('/admin/suppliers/s1/users/su');
    expect(searchItemHref('AdminUsers', { ID: 'a', ParentIDs: [] })).toBe('/admin/admin-users/a');
    expect(searchItemHref('ApiClients', { ID: 'c', ParentIDs: [] })).toBe('/admin/api-clients/c');
    expect(searchItemHref('Promotions', { ID: 'p', ParentIDs: [] })).toBe('/admin/promotions/p');
    expect(searchItemHref('Catalogs', { ID: 'c', ParentIDs: [] })).toBe('/admin/catalogs/c');
    expect(searchItemHref('Products', { ID: 'p', ParentIDs: [] })).toBe('/admin/products/p');
    expect(searchItemHref('Buyers', { ID: 'b', ParentIDs: [] })).toBe('/admin/buyers/b');
  });

  it("keeps the server's order, puts a page named as typed first and other local lines last, and leaves empty groups out", () => {
    const answer: SearchAnswer = {
      Groups: [
        { Kind: 'Products', Label: 'Products', Items: [{ ID: 'p1', Title: 'Tent', Subtitle: 'p1', ParentIDs: [] }] },
        {
          Kind: 'Buyers',
          Label: 'Buyers',
          Items: [{ ID: 'b1', Title: 'Products Inc', Subtitle: 'b1', ParentIDs: [] }],
        },
      ],
      TimedOut: [],
      Failed: [],
    };
    const local = { pages: [entry('Products')], operations: [entry('Create product', { keywords: ['products'] })] };
    const groups = paletteGroups(local, answer, 'products');
    expect(groups.map((group) => group.label)).toEqual(['Pages', 'Products', 'Buyers', 'Console operations']);
    expect(flatEntries(groups).map((line) => line.href)).toEqual([
      '/Products',
      '/admin/products/p1',
      '/admin/buyers/b1',
      '/Create product',
    ]);
    expect(paletteGroups(local, undefined, 'zzz')).toEqual([]);
  });

  it('leads with an exact ID, then with a page or operation whose title starts with the text', () => {
    const item = (ID: string) => ({ ID, Title: ID, Subtitle: '', ParentIDs: [] });
    const answer: SearchAnswer = {
      Groups: [
        { Kind: 'Orders', Label: 'Orders', Items: [item('create-product-order')] },
        { Kind: 'Products', Label: 'Products', Items: [item('create product')] },
      ],
      TimedOut: [],
      Failed: [],
    };
    const local = { pages: [], operations: [entry('Create a new product', { keywords: ['create product'] })] };
    const labels = (query: string) => paletteGroups(local, answer, query).map((group) => group.label);
    expect(labels('create product')).toEqual(['Products', 'Orders', 'Console operations']);
    expect(labels('create')).toEqual(['Console operations', 'Orders', 'Products']);
  });
});
