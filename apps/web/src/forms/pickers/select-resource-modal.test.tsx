import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryParams } from '@/services/http';
import type { ListPage } from '@/services/platform';
import { PickerSourceContextProvider, type PickerSource } from './picker-source';
import { realApiDescription } from './real-description';
import { SelectResourceModal } from './select-resource-modal';
import { MISSING_REQUIRED_PARAMETERS } from './use-picker-options';

afterEach(cleanup);

const buyers = Array.from({ length: 12 }, (_, index) => ({ ID: `b${index + 1}`, Name: `Buyer ${index + 1}` }));

function source(calls: { path: string; query: QueryParams }[]): PickerSource {
  return {
    description: realApiDescription(),
    cacheKey: 'test',
    list: async (path, query) => {
      calls.push({ path, query });
      const term = String(query.search ?? '').toLowerCase();
      const all = buyers.filter((buyer) => buyer.Name.toLowerCase().includes(term));
      const size = Number(query.pageSize);
      const page = Number(query.page);
      const items = all.slice((page - 1) * size, page * size);
      const answer: ListPage<unknown> = {
        Items: items,
        Meta: {
          Page: page,
          PageSize: size,
          TotalCount: all.length,
          TotalPages: Math.ceil(all.length / size),
          ItemRange: [1, 1],
        },
      };
      return answer;
    },
  };
}

function renderModal(fieldName: string, onSelect = vi.fn()) {
  const calls: { path: string; query: QueryParams }[] = [];
  render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={new QueryClient()}>
        <PickerSourceContextProvider value={source(calls)}>
          <SelectResourceModal fieldName={fieldName} open onOpenChange={vi.fn()} onSelect={onSelect} />
        </PickerSourceContextProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { calls, onSelect };
}

describe('SelectResourceModal', { timeout: 20_000 }, () => {
  it("is titled 'Select {resource}', lists five a page, pages and searches", async () => {
    const { calls, onSelect } = renderModal('BuyerID');
    const dialog = await screen.findByRole('dialog', { name: 'Select Buyer' });
    const results = within(dialog).getByRole('list', { name: 'Buyer results' });
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(5));
    expect(calls[0]).toEqual({ path: '/buyers', query: { page: 1, pageSize: 5 } });
    expect(within(dialog).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(results).getByRole('button', { name: /Buyer 6/ })).toBeTruthy());

    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search Buyer' }), { target: { value: 'Buyer 1' } });
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: 1, pageSize: 5, search: 'Buyer 1' }), {
      timeout: 2000,
    });
    fireEvent.click(await within(results).findByRole('button', { name: /Buyer 12/ }));
    expect(onSelect).toHaveBeenCalledWith({ id: 'b12', name: 'Buyer 12' });
  });

  it("says 'Missing required parameters.' without the parent", async () => {
    const { calls } = renderModal('CostCenterID');
    const dialog = await screen.findByRole('dialog', { name: 'Select Cost Center' });
    expect(within(dialog).getByRole('status').textContent).toBe(MISSING_REQUIRED_PARAMETERS);
    expect(calls).toEqual([]);
  });
});
