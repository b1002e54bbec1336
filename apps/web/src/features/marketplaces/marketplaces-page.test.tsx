import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READ_ONLY_TEXT } from './marketplaces-page';
import { answer, connected, hosted, renderMarketplaces, writes } from './testing/render-marketplaces';

// happy-dom answers media queries from the window size; the page picks table or cards from them.
function setViewport(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 900 });
}

// Whole dialogs render and refetch here: on a machine shared with other test files the default 5 s is too tight.
describe('MarketplacesPage', { timeout: 15_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport(1024);
  });

  it('lists hosted and connected marketplaces with their kind, reachability and the current one marked', async () => {
    const failing = { ...connected, ID: 'old-shop', Name: 'Old Shop', LastReachedAt: null, LastError: 'timed out' };
    renderMarketplaces({ list: () => ({ Items: [hosted, connected, failing], CanManage: true }) });
    const table = await screen.findByRole('table', { name: 'Marketplaces' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Name',
      'Environment',
      'Region',
      'API base URL',
      'Kind',
      'Last reached',
      'Last error',
      'Actions',
    ]);
    const hostedRow = screen.getByTestId('marketplace-demo-sandbox-mp');
    expect(within(hostedRow).getByText('Current')).toBeTruthy();
    expect(within(hostedRow).getByText('Hosted')).toBeTruthy();
    expect(within(hostedRow).getByText('Europe')).toBeTruthy();
    expect(within(hostedRow).getAllByLabelText('Not tracked for hosted marketplaces')).toHaveLength(2);
    expect(within(hostedRow).queryByRole('button')).toBeNull();

    const acme = screen.getByTestId('marketplace-acme-shop');
    expect(within(acme).queryByText('Current')).toBeNull();
    expect(within(acme).getByText('Connected')).toBeTruthy();
    expect(within(acme).getByText('https://api.acme.example/v1')).toBeTruthy();
    expect(within(acme).getByText('5 Mar 2026, 23:30 UTC')).toBeTruthy();
    expect(within(acme).getByText('None')).toBeTruthy();
    expect(within(acme).getByRole('button', { name: 'Edit Acme Shop' })).toBeTruthy();
    expect(within(acme).getByRole('button', { name: 'Disconnect Acme Shop' })).toBeTruthy();

    const old = screen.getByTestId('marketplace-old-shop');
    expect(within(old).getByText('Never')).toBeTruthy();
    expect(within(old).getByText('timed out')).toBeTruthy();
  });

  it('stacks each marketplace as a card on a phone instead of a wide table', async () => {
    setViewport(390);
    renderMarketplaces({ list: () => ({ Items: [hosted, connected], CanManage: true }) });
    const cards = await screen.findByRole('list', { name: 'Marketplaces' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1] as HTMLElement).getByText('API base URL')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Disconnect Acme Shop' })).toBeTruthy();
  });

  it('is read-only for someone who may not manage marketplaces', async () => {
    renderMarketplaces({ list: () => ({ Items: [hosted, connected], CanManage: false }) });
    expect(await screen.findByText(READ_ONLY_TEXT)).toBeTruthy();
    expect(screen.getByTestId('marketplace-acme-shop')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect a marketplace' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Disconnect)/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('shows the portal service error when the list cannot be loaded', async () => {
    renderMarketplaces({
      list: () => {
        throw new TypeError('offline in tests');
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText(/Server failed to respond/)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks before disconnecting, then removes the row and refreshes the tenant switcher', async () => {
    let items = [hosted, connected];
    const { calls, queryClient } = renderMarketplaces({
      list: () => ({ Items: items, CanManage: true }),
      other: (call) => {
        items = [hosted];
        return call.method === 'DELETE' ? answer(204) : answer(404);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Acme Shop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Acme Shop?' });
    expect(within(dialog).getByText(/Nothing on the marketplace itself changes/)).toBeTruthy();
    expect(within(dialog).getByText(/role groups in the portal are removed/)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Acme Shop' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByTestId('marketplace-acme-shop')).toBeNull());
    expect(writes(calls)).toEqual([['DELETE', '/portal-api/marketplaces/acme-shop']]);
    expect(await screen.findByText('Disconnected Acme Shop')).toBeTruthy();
    expect(queryClient.getQueryState(['inventory', 'tenants', 'org-1'])?.isInvalidated).toBe(true);
  });

  it('edits the name alone, keeping the stored secret when the secret box is left empty', async () => {
    let items = [hosted, connected];
    const { calls } = renderMarketplaces({
      list: () => ({ Items: items, CanManage: true }),
      other: () => {
        const renamed = { ...connected, Name: 'Acme Store' };
        items = [hosted, renamed];
        return { Marketplace: renamed, Warnings: [] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Shop' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toBe('Acme Shop');
    expect(within(dialog).getByText('Leave empty to keep the stored secret.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme Store' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Acme Store')).toBeTruthy();
    expect(writes(calls)).toEqual([['PATCH', '/portal-api/marketplaces/acme-shop']]);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ Name: 'Acme Store' });
    await waitFor(() => expect(within(screen.getByTestId('marketplace-acme-shop')).getByText('Acme Store')));
  });

  it('keeps an edit open with the failed check when a new secret is refused', async () => {
    const { calls } = renderMarketplaces({
      list: () => ({ Items: [hosted, connected], CanManage: true }),
      other: () =>
        answer(400, {
          title: 'Bad Request',
          status: 400,
          detail: 'API client check: the marketplace refused the client secret.',
          errors: [{ field: 'ClientSecret', message: 'The marketplace refused this secret.' }],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Shop' });
    fireEvent.change(within(dialog).getByLabelText('Client secret'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The marketplace refused this secret.')).toBeTruthy();
    expect(within(dialog).getByText('API client check: failed')).toBeTruthy();
    expect((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value).toBe('wrong');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ClientSecret: 'wrong' });
  });
});
