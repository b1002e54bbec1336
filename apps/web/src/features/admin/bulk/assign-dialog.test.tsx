import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { PickerSourceContextProvider, type PickerSource } from '@/forms/pickers/picker-source';
import type { QueryParams } from '@/services/http';
import { assignmentPair } from '../assignments/assignment-pairs';
import { collectionByKey } from '../catalogue/catalogue';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { AssignDialog } from './assign-dialog';
import { bulkAssignment } from './bulk-assign';

afterEach(cleanup);

const api = buildApiDescription(realPlatformDocument());
const assignment = bulkAssignment(
  api,
  assignmentPair(api, 'Products.ListAssignments')!,
  collectionByKey('products'),
  {},
)!;

/** An in-memory platform: lists by path, recording every call. */
function fakeSource(lists: Record<string, Record<string, unknown>[]>) {
  const calls: { path: string; query: QueryParams }[] = [];
  const source: PickerSource = {
    description: api,
    cacheKey: 'test',
    list: async (path, query) => {
      calls.push({ path, query });
      const items = lists[path] ?? [];
      const count = items.length;
      return {
        Items: items,
        Meta: { Page: 1, PageSize: 100, TotalCount: count, TotalPages: 1, ItemRange: [1, count] },
      };
    },
  };
  return { source, calls };
}

function show(source: PickerSource) {
  const onApply = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={new QueryClient()}>
        <PickerSourceContextProvider value={source}>
          <AssignDialog count={3} assignment={assignment} route={{}} onCancel={vi.fn()} onApply={onApply} />
        </PickerSourceContextProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return onApply;
}

async function choose(name: string, option: RegExp) {
  fireEvent.click(screen.getByRole('combobox', { name }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// Chakra's dialog and comboboxes are slow to render in happy-dom on a loaded machine; the default 5 s is too tight.
describe('assigning the selected products to a price schedule for a buyer', { timeout: 20_000 }, () => {
  it('refuses to run without a buyer, then lists that buyer’s user groups and assigns with the answers', async () => {
    const { source, calls } = fakeSource({
      '/buyers': [{ ID: 'b1', Name: 'Acme Stores' }],
      '/buyers/b1/usergroups': [{ ID: 'g1', Name: 'Wholesale' }],
      '/priceschedules': [{ ID: 'ps1', Name: 'Contract price' }],
    });
    const onApply = show(source);
    const dialog = await screen.findByRole('dialog', { name: 'Assign 3 items to Buyer and Price Schedule' });
    const assign = screen.getByRole<HTMLButtonElement>('button', { name: 'Assign' });
    expect(dialog.textContent).toContain('(optional)');

    await choose('Price Schedule (optional)', /Contract price/);
    expect(assign.disabled).toBe(true);
    fireEvent.click(assign);
    expect(onApply).not.toHaveBeenCalled();

    await choose('Buyer', /Acme Stores/);
    await waitFor(() => expect(assign.disabled).toBe(false));
    await choose('User Group (optional)', /Wholesale/);
    expect(calls.map((call) => call.path)).toContain('/buyers/b1/usergroups');
    const group = screen.getByRole<HTMLInputElement>('combobox', { name: 'User Group (optional)' });
    await waitFor(() => expect(group.value).toBe('g1'));

    fireEvent.click(assign);
    expect(onApply).toHaveBeenCalledWith({ BuyerID: 'b1', UserGroupID: 'g1', PriceScheduleID: 'ps1' });
  });

  it('clears the user group when another buyer is chosen', async () => {
    const { source } = fakeSource({
      '/buyers': [
        { ID: 'b1', Name: 'Acme Stores' },
        { ID: 'b2', Name: 'Bolt Trading' },
      ],
      '/buyers/b1/usergroups': [{ ID: 'g1', Name: 'Wholesale' }],
    });
    show(source);
    await choose('Buyer', /Acme Stores/);
    await choose('User Group (optional)', /Wholesale/);
    const group = screen.getByRole<HTMLInputElement>('combobox', { name: 'User Group (optional)' });
    await waitFor(() => expect(group.value).toBe('g1'));
    await choose('Buyer', /Bolt Trading/);
    await waitFor(() => expect(group.value).toBe(''));
  });
});
