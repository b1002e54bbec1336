import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants, ImpersonationUser, PortalApiClient } from '@/services/portal';
import { impersonationStorageKey, type ImpersonationContext } from '../lib/impersonation-state';
import { memoryStorage } from '../lib/test-storage';
import { resetImpersonationStore } from './impersonation-store';
import {
  CLIENT_SEARCH_HINT,
  clientAccessBadges,
  ImpersonationPanel,
  NO_RESULTS_TEXT,
  USERNAME_SEARCH_NOTE,
} from './impersonation-panel';

const client: PortalApiClient = {
  Id: 'client-1',
  AppName: 'Storefront',
  Active: true,
  AllowAnyBuyer: true,
  AllowSeller: true,
  AllowAnySeller: false,
  AllowAnySupplier: false,
  IsAnonBuyer: false,
  AssignedBuyerCount: 0,
  AssignedSupplierCount: 0,
};
const user = (over: Partial<ImpersonationUser>): ImpersonationUser => ({
  ID: 'u1',
  Username: 'buyer01',
  UserInteropId: 'buyer01-interop',
  CompanyName: 'Acme',
  CompanyInteropId: 'acme',
  CommerceRole: 'Buyer',
  ClientId: 'client-1',
  FirstName: null,
  LastName: null,
  Email: null,
  ...over,
});
const users = [
  user({}),
  user({
    ID: 'u2',
    Username: 'supplier01',
    UserInteropId: 'supplier01-interop',
    CommerceRole: 'Supplier',
    CompanyName: 'Parts Co',
  }),
];

const clientSearches: string[] = [];
const userSearches: string[] = [];
// The data hooks are replaced so no request leaves the test; a blank term stays idle like the real queries.
vi.mock('./impersonation-api', () => ({
  useImpersonationToken: () => ({ data: undefined, status: 'pending' }),
  useApiClientSearch: (_mp: string, term: string) => {
    clientSearches.push(term);
    return term.trim() === ''
      ? { data: undefined, isPending: true, isError: false }
      : { data: { Items: term === 'none' ? [] : [client] }, isPending: false, isError: false };
  },
  useClientUserSearch: (_mp: string, _clientId: string | null, term: string) => {
    userSearches.push(term);
    return term.trim() === ''
      ? { data: undefined, isPending: true, isError: false }
      : { data: { Items: term === 'none' ? [] : users }, isPending: false, isError: false };
  },
}));

const grants = (over: Partial<Grants>): Grants => ({
  ImpersonateBuyer: false,
  ImpersonateSeller: false,
  ImpersonateSupplier: false,
  IndexAdmin: false,
  SyncAdmin: false,
  StagingRestoreAdmin: false,
  SubscriptionAdmin: false,
  RoleGroupsAdmin: false,
  AuditReader: false,
  ...over,
});

let storage: ReturnType<typeof memoryStorage>;

function renderPanel(context?: ImpersonationContext, on = true, sc: Grants = grants({ ImpersonateBuyer: true })) {
  storage = memoryStorage(
    context ? { [impersonationStorageKey('demo-sandbox-mp')]: JSON.stringify({ on, context }) } : {},
  );
  resetImpersonationStore(() => storage);
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={{ ...base, me: { ...base.me, ScPermissionGrants: sc } }}>
        <ImpersonationPanel />
      </TestPortal>
    </AppProvider>,
  );
}

async function openAndFindUsers() {
  fireEvent.click(screen.getByRole('button', { name: 'Select context' }));
  fireEvent.change(await screen.findByPlaceholderText('Search API Clients...'), { target: { value: 'store' } });
  fireEvent.click(await screen.findByRole('button', { name: /Storefront/ }, { timeout: 2000 }));
  fireEvent.change(screen.getByPlaceholderText('Search by username...'), { target: { value: 'o' } });
  await screen.findByText('buyer01', undefined, { timeout: 2000 });
}

describe('clientAccessBadges', () => {
  it('lists who may sign in, or No Access', () => {
    expect(clientAccessBadges(client)).toEqual(['Buyers', 'Sellers']);
    expect(clientAccessBadges({ ...client, AllowAnyBuyer: false, AllowSeller: false, AllowAnySupplier: true })).toEqual(
      ['Suppliers'],
    );
    expect(clientAccessBadges({ ...client, AllowAnyBuyer: false, AllowSeller: false })).toEqual(['No Access']);
  });
});

describe('ImpersonationPanel', () => {
  beforeEach(() => {
    clientSearches.length = 0;
    userSearches.length = 0;
  });
  afterEach(cleanup);

  it('offers Select context when there is no context', () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Impersonation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select context' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('shows the context with its role badge, company and Pause, Change, Stop', () => {
    renderPanel({
      ClientId: 'c',
      Username: 'buyer01',
      CompanyInteropId: 'acme',
      CommerceRole: 'Buyer',
      CompanyName: 'Acme',
    });
    expect(screen.getByText('Buyer User')).toBeTruthy();
    expect(screen.getByText('buyer01')).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Select context' })).toBeTruthy();
    expect(storage.data.size).toBe(0);
  });

  it('hides the company name for a Seller', () => {
    renderPanel({
      ClientId: 'c',
      Username: 'seller01',
      CompanyInteropId: 'x',
      CommerceRole: 'Seller',
      CompanyName: 'Hidden Co',
    });
    expect(screen.getByText('Seller User')).toBeTruthy();
    expect(screen.queryByText('Hidden Co')).toBeNull();
  });

  it('searches clients only with a term and shows their badges', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Select context' }));
    const box = await screen.findByPlaceholderText('Search API Clients...');
    expect(clientSearches.every((term) => term === '')).toBe(true);
    expect(screen.queryByRole('button', { name: /Storefront/ })).toBeNull();
    expect(screen.getByText(CLIENT_SEARCH_HINT)).toBeTruthy();

    fireEvent.change(box, { target: { value: 'none' } });
    expect(await screen.findByText(NO_RESULTS_TEXT, undefined, { timeout: 2000 })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'store' } });
    const item = await screen.findByRole('button', { name: /Storefront/ }, { timeout: 2000 });
    expect(within(item).getByText('Buyers')).toBeTruthy();
    expect(within(item).getByText('Sellers')).toBeTruthy();
  });

  it('needs a username term, keeps Apply disabled without a user and applies the chosen one', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Select context' }));
    fireEvent.change(await screen.findByPlaceholderText('Search API Clients...'), { target: { value: 'store' } });
    fireEvent.click(await screen.findByRole('button', { name: /Storefront/ }, { timeout: 2000 }));
    expect(screen.getByText(USERNAME_SEARCH_NOTE)).toBeTruthy();
    expect(screen.queryByText('buyer01')).toBeNull();
    expect(userSearches.every((term) => term === '')).toBe(true);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('Search by username...'), { target: { value: 'o' } });
    fireEvent.click(await screen.findByRole('button', { name: /buyer01/ }, { timeout: 2000 }));
    expect(apply.hasAttribute('disabled')).toBe(false);
    act(() => fireEvent.click(apply));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy());
    expect(JSON.parse(storage.data.get(impersonationStorageKey('demo-sandbox-mp')) ?? '{}')).toMatchObject({
      on: true,
      context: { ClientId: 'client-1', Username: 'buyer01', CommerceRole: 'Buyer', CompanyName: 'Acme' },
    });
  });

  it('disables users whose role the portal user may not impersonate, with the reason', async () => {
    renderPanel(undefined, true, grants({ ImpersonateBuyer: true }));
    await openAndFindUsers();
    const supplier = screen.getByRole('button', { name: /supplier01/ });
    expect(supplier.hasAttribute('disabled')).toBe(true);
    expect(within(supplier).getByText('You lack permission to impersonate Supplier users.')).toBeTruthy();
    expect(within(supplier).getByText('Supplier User')).toBeTruthy();
    expect(screen.getByRole('button', { name: /buyer01/ }).hasAttribute('disabled')).toBe(false);
  });

  it('closes the picker on Cancel without a context', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Select context' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByPlaceholderText('Search API Clients...')).toBeNull());
    expect(screen.getByRole('button', { name: 'Select context' })).toBeTruthy();
  });
});
