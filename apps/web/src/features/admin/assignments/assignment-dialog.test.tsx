import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { buildApiDescription } from '@/description/index-description';
import { createQueryClient } from '@/lib/query-client';
import { collectionByKey } from '../catalogue/catalogue';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { AssignmentDialog } from './assignment-dialog';
import { bindRelatedTab, type AssignmentTabBinding } from './tab-binding';

// The dialog's field hiding (spec 2 §4) as a user meets it, on the platform's real Save bodies.
const description = buildApiDescription(realPlatformDocument());

function binding(key: string, label: string): AssignmentTabBinding {
  const owner = collectionByKey(key);
  const tab = owner.tabs.find((candidate) => candidate.label === label);
  if (!tab) throw new Error(`${key} has no ${label}`);
  const bound = bindRelatedTab(description, owner, tab);
  if (bound.kind === 'filtered-list') throw new Error('not an assignment tab');
  return bound;
}

function renderDialog(bound: AssignmentTabBinding, record: Record<string, unknown> | null, context = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline in tests'))),
  );
  render(
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={testPortalContext({ description })}>
        <MemoryRouter>
          <AssignmentDialog binding={bound} context={context} record={record} open onOpenChange={() => {}} />
        </MemoryRouter>
      </TestPortal>
    </AppProvider>,
  );
}

describe('AssignmentDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("creating on a product's Assignments tab hides the product and asks for the parties and price schedule", async () => {
    renderDialog(binding('products', 'Assignments'), null, { productID: 'p1' });
    expect(await screen.findByRole('heading', { name: 'Create Assignment' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText('Product ID')).toBeNull();
    expect(screen.getByRole('button', { name: 'Select Buyer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select User Group' })).toBeTruthy();
    expect(screen.getByText('Price Schedule ID')).toBeTruthy();
  });

  it('editing shows the configurable fields alone', async () => {
    const record = { ProductID: 'p1', BuyerID: 'b1', UserGroupID: null, PriceScheduleID: 'ps1' };
    renderDialog(binding('products', 'Assignments'), record, { productID: 'p1' });
    expect(await screen.findByRole('heading', { name: 'Edit Assignment' })).toBeTruthy();
    expect(screen.getByText('Price Schedule ID')).toBeTruthy();
    for (const hidden of ['Product ID', 'Buyer ID', 'User Group ID', 'Seller ID']) {
      expect(screen.queryByText(hidden)).toBeNull();
    }
  });

  it("an address's User Groups tab asks for a group, not a user, with the shipping and billing flags", async () => {
    renderDialog(binding('buyers.addresses', 'User Groups'), null, { buyerID: 'b1', addressID: 'a1' });
    expect(await screen.findByRole('button', { name: 'Select User Group' })).toBeTruthy();
    expect(screen.queryByText('User ID')).toBeNull();
    expect(screen.queryByText('Address ID')).toBeNull();
    expect(screen.getByText('Is Shipping')).toBeTruthy();
    expect(screen.getByText('Is Billing')).toBeTruthy();
  });
});
