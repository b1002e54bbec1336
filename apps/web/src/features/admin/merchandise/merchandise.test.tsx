import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, platformCalls, reply } from '../testing/fake-platform';
import { detailPageAt, listPageAt, renderAdminPage } from '../testing/render-admin-page';

// The products list's merchandise columns and a product's summary against a fake platform: prices of a whole page
// come from ONE price schedule list call, stock and pictures from the products themselves.

const TENT = {
  ID: 'TENT-1',
  Name: 'Summit Tent',
  Active: true,
  DefaultPriceScheduleID: 'PS-TENT-1',
  VariantCount: 3,
  Inventory: { Enabled: true, QuantityAvailable: 42 },
  xp: { Images: [{ Url: '/content/images/products/tent-red.svg' }] },
};
const BOOT = {
  ID: 'BOOT-1',
  Name: 'Ridge Boot',
  Active: false,
  DefaultPriceScheduleID: 'PS-BOOT-1',
  Inventory: { Enabled: false },
  xp: {},
};
const SOCK = { ID: 'SOCK-1', Name: 'Trail Sock', Active: true, DefaultPriceScheduleID: 'PS-TENT-1', xp: {} };
const SCHEDULES = [
  {
    ID: 'PS-TENT-1',
    Currency: 'EUR',
    PriceBreaks: [
      { Quantity: 1, Price: 199 },
      { Quantity: 5, Price: 179, SalePrice: 150 },
    ],
  },
  { ID: 'PS-BOOT-1', Currency: 'USD', PriceBreaks: [] },
];

function scheduleCalls(platform: ReturnType<typeof renderAdminPage>['platform']) {
  return platformCalls(platform, 'GET').filter((call) => call.url.pathname === '/platform/v1/priceschedules');
}

/** The text of a column's cells, top to bottom. */
function cellsOf(column: string): string[] {
  return [...document.querySelectorAll(`[data-extra-column="merchandise-${column}"]`)].map(
    (cell) => cell.textContent ?? '',
  );
}

describe('products as merchandise', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows a page's prices from one schedule list call, with stock and pictures from the products", async () => {
    const { platform } = renderAdminPage('/admin/products', listPageAt('/admin/products'), {
      answers: { '/v1/products': listOf([TENT, BOOT, SOCK]), '/v1/priceschedules': listOf(SCHEDULES) },
    });
    await waitFor(() => expect(cellsOf('price')).toEqual(['€199.00', '—', '€199.00']));
    const calls = scheduleCalls(platform);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({ ID: 'PS-TENT-1|PS-BOOT-1', pageSize: '2' });
    expect(cellsOf('inventory')).toEqual(['42 available', 'Not tracked', 'Not tracked']);
    const picture = screen.getByRole('img', { name: 'Summit Tent' });
    expect(picture.getAttribute('src')).toBe('http://localhost/content/images/products/tent-red.svg');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('width')).toBe('40');
    // No picture: a placeholder of the same size.
    expect(screen.getAllByTestId('thumbnail-placeholder')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Price' })).toBeTruthy();
  });

  it('puts a placeholder in place of a picture that fails to load', async () => {
    renderAdminPage('/admin/products', listPageAt('/admin/products'), {
      answers: { '/v1/products': listOf([TENT]), '/v1/priceschedules': listOf(SCHEDULES) },
    });
    fireEvent.error(await screen.findByRole('img', { name: 'Summit Tent' }));
    expect(screen.queryByRole('img', { name: 'Summit Tent' })).toBeNull();
    expect(screen.getAllByTestId('thumbnail-placeholder')).toHaveLength(1);
  });

  it('hides a column turned off in the Columns dialog, keeps the choice per marketplace, and brings it back on reset', async () => {
    const { platform } = renderAdminPage('/admin/products', listPageAt('/admin/products'), {
      answers: { '/v1/products': listOf([TENT, BOOT]), '/v1/priceschedules': listOf(SCHEDULES) },
    });
    await waitFor(() => expect(cellsOf('price')).toHaveLength(2));
    const columnsDialog = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
      return within(await screen.findByRole('dialog', { name: 'Columns' }));
    };
    const closeDialog = async (dialog: Awaited<ReturnType<typeof columnsDialog>>) => {
      fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    let dialog = await columnsDialog();
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Price' }));
    await closeDialog(dialog);
    expect(screen.queryByRole('columnheader', { name: 'Price' })).toBeNull();
    expect(cellsOf('price')).toEqual([]);
    expect(cellsOf('inventory')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('admin-merchandise-columns:demo-sandbox-mp') ?? '[]')).toEqual([
      'image',
      'inventory',
    ]);
    dialog = await columnsDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Reset to defaults' }));
    await closeDialog(dialog);
    expect(screen.getByRole('columnheader', { name: 'Price' })).toBeTruthy();
    // The prices of this page were kept: turning the column back on asks nothing again.
    expect(scheduleCalls(platform)).toHaveLength(1);
  });

  it('does not offer prices to roles that may not list price schedules', async () => {
    const { platform } = renderAdminPage('/admin/products', listPageAt('/admin/products'), {
      answers: { '/v1/products': listOf([TENT]) },
      roles: ['ProductReader'],
    });
    expect(await screen.findByText('42 available')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Price' })).toBeNull();
    expect(scheduleCalls(platform)).toEqual([]);
  });

  it('reads pictures from the field chosen for the marketplace', async () => {
    localStorage.setItem('admin-merchandise-image-field:demo-sandbox-mp', 'xp.Photo');
    const photographed = { ...TENT, xp: { Photo: 'https://cdn.example/tent.jpg' } };
    renderAdminPage('/admin/products', listPageAt('/admin/products'), {
      answers: { '/v1/products': listOf([photographed]), '/v1/priceschedules': listOf(SCHEDULES) },
    });
    const picture = await screen.findByRole('img', { name: 'Summit Tent' });
    expect(picture.getAttribute('src')).toBe('https://cdn.example/tent.jpg');
  });

  it("shows a product's picture, price breaks, stock, state and variants above its form", async () => {
    renderAdminPage('/admin/products/TENT-1', detailPageAt('/admin/products/TENT-1'), {
      answers: { '/v1/products/TENT-1': TENT, '/v1/priceschedules': listOf([SCHEDULES[0]]) },
    });
    const summary = await screen.findByRole('region', { name: 'Merchandise' });
    const inSummary = within(summary);
    expect(inSummary.getByRole('img', { name: 'Summit Tent' }).getAttribute('width')).toBe('120');
    expect(inSummary.getByText('Active')).toBeTruthy();
    expect(inSummary.getByText('3 variants')).toBeTruthy();
    expect(inSummary.getByText('42 available')).toBeTruthy();
    const breaks = await inSummary.findByRole('table', { name: 'Price breaks (EUR)' });
    const rows = within(breaks)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['QuantityPriceSale price', '1+€199.00—', '5+€179.00€150.00']);
  });

  it('says so when the default price schedule is gone', async () => {
    renderAdminPage('/admin/products/BOOT-1', detailPageAt('/admin/products/BOOT-1'), {
      answers: {
        '/v1/products/BOOT-1': { ...BOOT, DefaultPriceScheduleID: 'PS-GONE' },
        '/v1/priceschedules': listOf([]),
      },
    });
    expect(await screen.findByText('The default price schedule was not found.')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('shows no summary on other resources', async () => {
    renderAdminPage('/admin/price-schedules/PS-TENT-1', detailPageAt('/admin/price-schedules/PS-TENT-1'), {
      answers: { '/v1/priceschedules/PS-TENT-1': SCHEDULES[0], '/v1/priceschedules': reply(500) },
    });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Merchandise' })).toBeNull();
  });
});
