import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { requireOperation } from '@/description/api-model';
import { buildApiDescription } from '@/description/index-description';
import type { JsonValue } from '@/description/openapi-types';
import { changedFields } from '@/forms/diff';
import { buildFieldModel } from '@/forms/field-model';
import { toFormValues, toRequestBody } from '@/forms/normalize';
import { SchemaForm } from '@/forms/schema-form';
import { collectionByKey } from '../catalogue/catalogue';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import type { Item } from '../lib/admin-api';
import { inferXpSchema } from './infer-xp-schema';
import { useXpForm } from './use-xp-form';
import { XpReadingProgress } from './xp-reading-progress';
import { readCachedXpSchema, writeCachedXpSchema, xpSchemaStorageKey } from './xp-schema-cache';

// The xp section inside the product form of the detail page, on the platform's real Products.Patch body, with
// the schema of the resource cached as a visit before left it.
const description = buildApiDescription(realPlatformDocument());
const portal = testPortalContext({ description });
const products = collectionByKey('products');
const body = requireOperation(description, 'Products.Patch').requestBody;
if (!body) throw new Error('Products.Patch has no body');
const bodyFields = buildFieldModel(body.schema, { required: body.requiredFields, mode: 'edit' });
const cacheKey = xpSchemaStorageKey(portal.marketplace.Id, products.key);

interface Sent {
  sent: { [key: string]: JsonValue };
  removed: readonly string[];
}

function ProductForm({ item, onSave }: { item: Item; onSave: (sent: Sent) => void }) {
  const params = useMemo(() => ({ productID: String(item.ID) }), [item.ID]);
  const xp = useXpForm({
    collection: products,
    params,
    fields: bodyFields,
    item,
    itemVersion: 1,
    isNew: false,
    enabled: true,
  });
  const defaults = useMemo(() => toFormValues(xp.defaultFields, item), [xp.defaultFields, item]);
  if (xp.reading) return <XpReadingProgress progress={xp.schema.progress} label={products.label} />;
  return (
    <SchemaForm
      fields={xp.fields}
      defaultValues={defaults}
      saveOnlyWhenChanged
      discardable
      {...(xp.fieldSlots ? { fieldSlots: xp.fieldSlots } : {})}
      onSubmit={(values) =>
        onSave({ sent: changedFields(toRequestBody(xp.fields, defaults), values), removed: xp.removed })
      }
    />
  );
}

function renderForm(item: Item) {
  const onSave = vi.fn<(sent: Sent) => void>();
  const queryClient = new QueryClient();
  render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/admin/products/${String(item.ID)}`]}>
          <TestPortal value={portal}>
            <ProductForm item={item} onSave={onSave} />
          </TestPortal>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return onSave;
}

const demoItems = [
  { ID: 'boot-1', xp: { Size: 42, Color: 'Red' } },
  { ID: 'boot-2', xp: { Size: 43, Color: 'Blue' } },
  { ID: 'tee-1', xp: { Size: 'XL', Color: 'Green' } },
];

beforeEach(() => {
  localStorage.clear();
  writeCachedXpSchema(localStorage, cacheKey, inferXpSchema(demoItems));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = () => screen.getByRole('group', { name: 'Extended Properties (xp)' });
const save = () => screen.getByRole('button', { name: 'Save', exact: true } as never);

// The real product form is large and the machine is shared: each case gets more than the default 5 s.
describe('the xp section of the product form', { timeout: 30_000 }, () => {
  it('edits the inferred properties and warns about values that break the schema and hidden ones', async () => {
    renderForm({ ID: 'tee-1', Name: 'Tee', xp: { Size: 'XL', Color: 'Green', Note: null } });
    const xp = await waitFor(section);
    expect(within(xp).getByLabelText('Color')).toHaveProperty('value', 'Green');
    within(xp).getByText('The extended properties of this product do not conform to the expected schema.');
    within(xp).getByText(/without a type or value, which are hidden here: xp\.Note\./);
    const link = within(xp).getByRole('link', { name: 'See them in the API console' });
    expect(link.getAttribute('href')).toContain('operationId=Products.Get');
    expect(link.getAttribute('href')).toContain('productID=tee-1');
    within(xp).getByText(/disagree on the type of xp\.Size: integer wins \(2 products\)/);
    expect(within(xp).getByRole('link', { name: 'tee-1' }).getAttribute('href')).toBe('/admin/products/tee-1');
  });

  it('adds a number property through the dialog and sends only it on Save', async () => {
    const onSave = renderForm({ ID: 'boot-1', Name: 'Boot', xp: { Size: 42, Color: 'Red' } });
    const xp = await waitFor(section);
    fireEvent.click(within(xp).getByRole('button', { name: 'Edit extended properties' }));
    fireEvent.click(within(xp).getByRole('button', { name: 'Add Property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Property' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    // A list needs an item type, and a list of lists is not on offer.
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'array' } });
    const itemType = within(dialog).getByLabelText(/^Item type/);
    expect([...itemType.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '',
      'string',
      'number',
      'integer',
      'boolean',
      'object',
    ]);
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'number' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Color' } });
    within(dialog).getByText('A property named Color already exists.');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Weight' } });
    expect(add.hasAttribute('disabled')).toBe(false);
    fireEvent.click(add);
    // The page behind the dialog is hidden from the accessibility tree until the dialog has closed.
    const weight = await waitFor(() => within(section()).getByLabelText('Weight'));
    fireEvent.change(weight, { target: { value: '2.5' } });
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ sent: { xp: { Weight: 2.5 } }, removed: [] });
  });

  it('removes a property after asking, and Discard brings it back', async () => {
    const onSave = renderForm({ ID: 'boot-1', Name: 'Boot', xp: { Size: 42, Color: 'Red' } });
    const xp = await waitFor(section);
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(true));
    fireEvent.click(within(xp).getByRole('button', { name: 'Edit extended properties' }));
    fireEvent.click(within(xp).getByRole('button', { name: 'Remove Color' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove property Color?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section()).queryByLabelText('Color')).toBeNull());
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(within(section()).getByLabelText('Color')).toHaveProperty('value', 'Red'));

    fireEvent.click(within(section()).getByRole('button', { name: 'Remove Color' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0].removed).toEqual(['Color']);
  });

  it("falls back to an empty schema when the products cannot be read, still showing the item's own", async () => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    renderForm({ ID: 'boot-1', Name: 'Boot', xp: { Color: 'Red' } });
    const xp = await waitFor(section);
    within(xp).getByText(/could not be read, so the extended properties use an empty schema/);
    expect(within(xp).getByLabelText('Color')).toHaveProperty('value', 'Red');
    expect(within(xp).queryByLabelText('Size')).toBeNull();
    expect(localStorage.getItem(cacheKey)).toBeNull();
  });

  it('reads the products page after page with a progress indicator, then keeps the schema', async () => {
    localStorage.clear();
    const all = Array.from({ length: 250 }, (_, index) => ({ ID: `p${index}`, xp: { Rank: index } }));
    let releasePage2: () => void = () => undefined;
    const page2 = new Promise<void>((resolve) => (releasePage2 = resolve));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      if (page === 2) await page2;
      const items = all.slice((page - 1) * pageSize, page * pageSize);
      const meta = { Page: page, PageSize: pageSize, TotalCount: 250, TotalPages: 3, ItemRange: [1, 1] };
      return new Response(JSON.stringify({ Items: items, Meta: meta }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ ID: 'p1', Name: 'Boot', xp: { Rank: 1 } });
    await screen.findByText('Reading products for their extended properties: 100 of 250');
    screen.getByRole('progressbar', { name: 'Reading products for their extended properties' });
    releasePage2();
    const xp = await waitFor(section);
    within(xp).getByText('Inferred from 250 products.');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual(
      Array(3).fill('/platform/v1/products'),
    );
    expect(readCachedXpSchema(localStorage, cacheKey)?.schema.properties).toEqual({ Rank: { type: 'integer' } });
  });
});
