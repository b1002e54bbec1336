import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MarketplaceListItem } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_INTRO } from './connect-dialog';
import { answer, connected, hosted, renderMarketplaces, writes } from './testing/render-marketplaces';

const typed = {
  Name: 'Acme Shop',
  ApiUrl: 'https://api.acme.example/v1',
  ClientID: 'ACME-CLIENT',
  ClientSecret: 's3cret',
};

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Connect a marketplace' }));
  return screen.findByRole('dialog', { name: 'Connect a marketplace' });
}

function fill(dialog: HTMLElement) {
  const box = (label: RegExp | string) => within(dialog).getByLabelText(label);
  fireEvent.change(box(/^Name/), { target: { value: typed.Name } });
  fireEvent.change(box(/^Environment/), { target: { value: 'Production' } });
  fireEvent.change(box(/^API base URL/), { target: { value: typed.ApiUrl } });
  fireEvent.change(box(/^Client ID/), { target: { value: typed.ClientID } });
  fireEvent.change(box(/^Client secret/), { target: { value: typed.ClientSecret } });
}

function valueOf(dialog: HTMLElement, label: RegExp): string {
  return (within(dialog).getByLabelText(label) as HTMLInputElement).value;
}

// Whole dialogs render and refetch here: on a machine shared with other test files the default 5 s is too tight.
describe('ConnectDialog', { timeout: 15_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('labels every control, explains what connecting does and takes focus into the form', async () => {
    renderMarketplaces({ list: () => ({ Items: [hosted], CanManage: true }) });
    const dialog = await openForm();
    expect(within(dialog).getByText(CONNECT_INTRO)).toBeTruthy();
    expect(CONNECT_INTRO).toMatch(/stored encrypted and is never shown again/);
    for (const label of [/^Name/, /^Environment/, /^API base URL/, /^Client ID/, /^Client secret/]) {
      const control = within(dialog).getByLabelText(label);
      expect(control.tabIndex).not.toBe(-1);
    }
    expect(
      within(dialog)
        .getByLabelText(/^Client secret/)
        .getAttribute('type'),
    ).toBe('password');
    expect(
      within(dialog)
        .getByLabelText(/^API base URL/)
        .getAttribute('placeholder'),
    ).toBe('https://api.example.com/v1');
    expect(
      within(within(dialog).getByLabelText(/^Environment/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an environment', 'Sandbox', 'Staging', 'Production']);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('checks required fields in the browser before sending anything', async () => {
    const { calls } = renderMarketplaces({ list: () => ({ Items: [hosted], CanManage: true }) });
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByLabelText(/^API base URL/), { target: { value: 'ftp://x' } });
    // Enter in a box submits the form, as the button does.
    fireEvent.submit(within(dialog).getByLabelText(/^Name/).closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText('Name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Environment is required.')).toBeTruthy();
    expect(within(dialog).getByText('Enter an address starting with https:// or http://.')).toBeTruthy();
    expect(within(dialog).getByText('Client ID is required.')).toBeTruthy();
    expect(within(dialog).getByText('Client secret is required.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('connects: sends the form, closes, toasts, shows the warnings and the new row, refreshes the tenants', async () => {
    let items: MarketplaceListItem[] = [hosted];
    let release: () => void = () => undefined;
    const { calls, queryClient } = renderMarketplaces({
      list: () => ({ Items: items, CanManage: true }),
      other: async () => {
        // Held until the test has seen the progress text.
        await new Promise<void>((resolve) => (release = resolve));
        items = [hosted, connected];
        return new Response(
          JSON.stringify({
            Marketplace: connected,
            Warnings: ['The API client lacks the roles OrderAdmin and ProductAdmin that role groups may hand out.'],
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const dialog = await openForm();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Checking the marketplace…')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([['POST', '/portal-api/marketplaces']]);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ...typed, Environment: 'Production' });
    expect(await screen.findByText('Connected Acme Shop')).toBeTruthy();
    const warning = screen.getByRole('alert');
    expect(within(warning).getByText('Connected Acme Shop, with warnings')).toBeTruthy();
    expect(within(warning).getByText(/lacks the roles OrderAdmin and ProductAdmin/)).toBeTruthy();
    expect(await screen.findByTestId('marketplace-acme-shop')).toBeTruthy();
    expect(queryClient.getQueryState(['inventory', 'tenants', 'org-1'])?.isInvalidated).toBe(true);
    fireEvent.click(within(warning).getByRole('button', { name: 'Dismiss the warnings' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the failed check, marks the earlier ones passed, puts the error under its field and keeps every value', async () => {
    const { calls } = renderMarketplaces({
      list: () => ({ Items: [hosted], CanManage: true }),
      other: () =>
        answer(400, {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'API client check: the client has no default context user, so the client credentials grant fails.',
          errors: [{ field: 'ClientID', message: 'Give this API client a default context user.' }],
        }),
    });
    const dialog = await openForm();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    const checks = await within(dialog).findByRole('list', { name: 'Connection checks' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => [item.textContent?.replace(/^[✓✗–]/, ''), item.getAttribute('data-state')]),
    ).toEqual([
      ['Address check: passed', 'passed'],
      ['Platform check: passed', 'passed'],
      ['API client check: failed', 'failed'],
    ]);
    expect(within(dialog).getByText(/no default context user/)).toBeTruthy();
    const clientId = within(dialog).getByLabelText(/^Client ID/);
    expect(clientId.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Give this API client a default context user.')).toBeTruthy();
    expect(valueOf(dialog, /^Name/)).toBe(typed.Name);
    expect(valueOf(dialog, /^Environment/)).toBe('Production');
    expect(valueOf(dialog, /^API base URL/)).toBe(typed.ApiUrl);
    expect(valueOf(dialog, /^Client ID/)).toBe(typed.ClientID);
    expect(valueOf(dialog, /^Client secret/)).toBe(typed.ClientSecret);
    expect(writes(calls)).toEqual([['POST', '/portal-api/marketplaces']]);
  });

  it('marks the first check failed when the address is refused, the later ones not run', async () => {
    renderMarketplaces({
      list: () => ({ Items: [hosted], CanManage: true }),
      other: () =>
        answer(400, {
          detail: 'Address check: 10.0.0.5 is a private address, which this portal service may not call.',
          errors: [{ field: 'ApiUrl', message: 'Use a public address.' }],
        }),
    });
    const dialog = await openForm();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    const checks = await within(dialog).findByRole('list', { name: 'Connection checks' });
    expect(within(checks).getByText('Address check: failed')).toBeTruthy();
    expect(within(checks).getByText('Platform check: not run')).toBeTruthy();
    expect(within(checks).getByText('API client check: not run')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^API base URL/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
