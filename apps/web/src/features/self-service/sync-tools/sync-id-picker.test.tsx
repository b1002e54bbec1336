import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from '@chakra-ui/react';
import { PickerSourceContextProvider, type PickerSource } from '@/forms/pickers/picker-source';
import { realApiDescription } from '@/forms/pickers/real-description';
import { SyncIdPicker } from './sync-id-picker';

/** An in-memory platform answering lists by path and recording each path asked for. */
function fakeSource(lists: Record<string, { ID: string; Name: string }[]>) {
  const calls: string[] = [];
  const source: PickerSource = {
    description: realApiDescription(),
    cacheKey: 'test',
    list: async (path) => {
      calls.push(path);
      const Items = lists[path] ?? [];
      return { Items, Meta: { Page: 1, PageSize: 100, TotalCount: Items.length, TotalPages: 1, ItemRange: [1, 1] } };
    },
  };
  return { source, calls };
}

function ProductFields() {
  const [catalog, setCatalog] = useState('');
  const [category, setCategory] = useState('');
  return (
    <>
      <Field.Root>
        <Field.Label>Catalog ID</Field.Label>
        <SyncIdPicker name="CatalogID" label="Catalog ID" value={catalog} onChange={setCatalog} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Category ID</Field.Label>
        <SyncIdPicker
          name="CategoryID"
          label="Category ID"
          value={category}
          onChange={setCategory}
          catalogId={catalog}
        />
      </Field.Root>
    </>
  );
}

describe('SyncIdPicker', () => {
  afterEach(cleanup);

  it("offers the catalogs, then the chosen catalog's categories, as the admin forms do", async () => {
    const { source, calls } = fakeSource({
      '/catalogs': [{ ID: 'demo-catalog', Name: 'Demo catalog' }],
      '/catalogs/demo-catalog/categories': [{ ID: 'shirts', Name: 'Shirts' }],
    });
    render(
      <ChakraProvider value={defaultSystem}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <PickerSourceContextProvider value={source}>
              <ProductFields />
            </PickerSourceContextProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ChakraProvider>,
    );
    const catalog = screen.getByRole('combobox', { name: 'Catalog ID' });
    const category = screen.getByRole('combobox', { name: 'Category ID' });
    fireEvent.click(screen.getByRole('button', { name: 'Show Catalog list' }));
    fireEvent.click(await screen.findByRole('option', { name: /Demo catalog/ }));
    await waitFor(() => expect(catalog).toHaveProperty('value', 'demo-catalog'));

    fireEvent.click(screen.getByRole('button', { name: 'Show Category list' }));
    fireEvent.click(await screen.findByRole('option', { name: /Shirts/ }));
    await waitFor(() => expect(category).toHaveProperty('value', 'shirts'));
    expect(calls).toEqual(['/catalogs', '/catalogs/demo-catalog/categories']);
  }, 30_000);
});
