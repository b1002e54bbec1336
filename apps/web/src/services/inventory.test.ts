import { describe, expect, it } from 'vitest';
import { createInventoryClient, type Tenant, type TenantList } from './inventory';
import { fakeFetch } from './test-fetch';

const tenant: Tenant = {
  id: 't1',
  name: 'demo-sandbox',
  displayName: 'Sandbox',
  organizationId: 'org-1',
  systemId: 'demo-sandbox',
  state: 'Active',
  createdAt: '2026-01-01T00:00:00.000Z',
  annotations: { URL: 'http://localhost:4000/?organization=org-1&tenantName=demo-sandbox' },
};

describe('createInventoryClient', () => {
  it('lists active tenants 20 a page by default, with the caller filters and the token', async () => {
    const list: TenantList = { items: [tenant], totalCount: 7, pageNumber: 1, pageSize: 20 };
    const { fetch, calls } = fakeFetch(() => list);
    const inventory = createInventoryClient({ getToken: () => 'id-token', fetch });
    await expect(inventory.listTenants({ organizationId: 'org-1' })).resolves.toEqual(list);
    expect(calls[0]?.url).toBe('/inventory/tenants?pagenumber=1&pagesize=20&state=Active&organizationId=org-1');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer id-token');
  });

  it('lets the query replace the defaults', async () => {
    const { fetch, calls } = fakeFetch(() => ({ items: [], totalCount: 0, pageNumber: 2, pageSize: 50 }));
    await createInventoryClient({ fetch }).listTenants({ pagenumber: 2, pagesize: 50, state: 'Inactive' });
    expect(calls[0]?.url).toBe('/inventory/tenants?pagenumber=2&pagesize=50&state=Inactive');
  });

  it('reads one tenant by id', async () => {
    const { fetch, calls } = fakeFetch(() => tenant);
    await expect(createInventoryClient({ fetch }).getTenant('t 1')).resolves.toEqual(tenant);
    expect(calls[0]?.url).toBe('/inventory/tenants/t%201');
  });
});
