import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants } from '@/services/portal';
import { errorFromResponse } from '@/services/portal-error';
import { Toaster, toaster } from '@/ui/toaster';
import { STAGING_TEXTS, type StagingRestoreWebhook } from './staging-restore-model';
import { StagingRestorePage } from './staging-restore-page';

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: unknown) => void; onSettled?: () => void };

// The data hooks are replaced so no request leaves the test; `answer` decides how the next mutation ends.
const data = vi.hoisted(() => ({
  saved: null as StagingRestoreWebhook | null,
  calls: [] as [string, unknown][],
  answer: undefined as unknown,
  // What the test request's first attempt came back with.
  tested: { Status: 'Delivered', LastStatusCode: 200, LastError: null } as Record<string, unknown>,
}));
vi.mock('./staging-restore-api', () => {
  const mutation = (name: string, result: (input: unknown) => unknown) => () => ({
    isPending: false,
    data: undefined,
    mutate: (input: unknown, callbacks: Callbacks<unknown>) => {
      data.calls.push([name, input]);
      if (data.answer instanceof Error) callbacks.onError?.(data.answer);
      else callbacks.onSuccess?.(result(input));
      callbacks.onSettled?.();
    },
  });
  return {
    useStagingWebhook: () => ({ data: data.saved, isPending: false, isError: false }),
    useSaveStagingWebhook: mutation('save', (input) => input),
    useDeleteStagingWebhook: mutation('delete', () => undefined),
    useTestStagingWebhook: mutation('test', () => data.tested),
    useRunStagingRestore: mutation('restore', () => ({})),
    useRestoreDeliveries: () => ({ data: [], isPending: false, isError: false }),
  };
});
vi.mock('../captcha/captcha', () => ({ CAPTCHA_CHALLENGE_URL: '/captcha', Captcha: () => null }));

function renderPage(options: { StagingRestoreAdmin?: boolean; orgAdmin?: boolean; environment?: string } = {}) {
  const base = testPortalContext();
  const marketplace = { ...base.marketplace, OcEnvironment: options.environment ?? 'Staging' };
  const me = {
    ...base.me,
    IsOrganizationAdmin: options.orgAdmin ?? true,
    ScPermissionGrants: { StagingRestoreAdmin: options.StagingRestoreAdmin ?? true } as Grants,
  };
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <TestPortal value={{ ...base, me, marketplace }}>
          <StagingRestorePage />
          <Toaster />
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

const url = () => screen.getByRole('textbox', { name: /URL/ });
// Masked, so a password box rather than a textbox role.
const hashKey = () => screen.getByLabelText(/^HashKey/, { selector: 'input' });
const button = (name: string) => screen.getByRole('button', { name });

describe('Staging restore page', () => {
  beforeEach(() => {
    data.saved = null;
    data.calls = [];
    data.answer = undefined;
    data.tested = { Status: 'Delivered', LastStatusCode: 200, LastError: null };
  });
  afterEach(() => {
    cleanup();
    // The toaster outlives a render: a toast from one test must not answer for the next.
    toaster.remove();
  });

  it('outside Staging says the tool is for Staging marketplaces only, and shows no form', () => {
    renderPage({ environment: 'Sandbox' });
    expect(screen.getByText(STAGING_TEXTS.stagingOnly)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /URL/ })).toBeNull();
  });

  it('tells a user without StagingRestoreAdmin that they are not authorized, and shows no form', () => {
    renderPage({ StagingRestoreAdmin: false });
    expect(screen.getByText(STAGING_TEXTS.unauthorized)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /URL/ })).toBeNull();
  });

  it('requires URL and HashKey, saves, then offers Delete and the test; both toasts word for word', async () => {
    renderPage();
    expect(screen.getByText(STAGING_TEXTS.sunday)).toBeTruthy();
    expect(screen.getByText(STAGING_TEXTS.hashKeyHelp)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: STAGING_TEXTS.sendTest })).toBeNull();
    fireEvent.change(url(), { target: { value: 'not a url' } });
    fireEvent.blur(url());
    fireEvent.blur(hashKey());
    expect(screen.getByText('URL must be a web address starting with https:// or http://.')).toBeTruthy();
    expect(screen.getByText('HashKey is required')).toBeTruthy();
    fireEvent.click(button('Save'));
    expect(data.calls).toEqual([]);
    fireEvent.change(url(), { target: { value: 'https://example.test/restored' } });
    fireEvent.change(hashKey(), { target: { value: 'secret' } });
    fireEvent.click(button('Save'));
    const webhook = { URL: 'https://example.test/restored', HashKey: 'secret' };
    expect(data.calls).toEqual([['save', webhook]]);
    expect(await screen.findByText(STAGING_TEXTS.saved)).toBeTruthy();
    // The query now holds the saved webhook: the page shows it with Delete and the test.
    data.saved = webhook;
    cleanup();
    renderPage();
    expect(url()).toHaveProperty('value', webhook.URL);
    expect(button('Save')).toHaveProperty('disabled', true);
    fireEvent.click(button(STAGING_TEXTS.sendTest));
    expect(await screen.findByText(STAGING_TEXTS.tested)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Test request result' }).textContent).toContain(
      'Delivered: the receiver accepted the test request (HTTP 200).',
    );
    fireEvent.click(button('Delete'));
    expect(await screen.findByText(STAGING_TEXTS.deleted)).toBeTruthy();
    await waitFor(() => expect(url()).toHaveProperty('value', ''));
    // Two renders and four toasts: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('a receiver that refuses the test shows the failure and an error toast, never the success toast', async () => {
    data.saved = { URL: 'https://example.test/a', HashKey: 'k' };
    data.tested = { Status: 'Failed', LastStatusCode: 401, LastError: 'HTTP 401' };
    renderPage();
    fireEvent.click(button(STAGING_TEXTS.sendTest));
    expect(await screen.findByText(STAGING_TEXTS.testRefused)).toBeTruthy();
    expect(screen.queryByText(STAGING_TEXTS.tested)).toBeNull();
    const result = screen.getByRole('status', { name: 'Test request result' }).textContent;
    expect(result).toContain('Failed: the receiver answered HTTP 401');
    expect(result).not.toContain('Delivered');
  });

  it('a receiver that cannot be reached shows that it is tried again, with no success toast', async () => {
    data.saved = { URL: 'https://example.test/a', HashKey: 'k' };
    data.tested = { Status: 'Retrying', LastStatusCode: null, LastError: 'Could not be reached' };
    renderPage();
    fireEvent.click(button(STAGING_TEXTS.sendTest));
    expect(await screen.findByText(STAGING_TEXTS.testNotReached)).toBeTruthy();
    expect(screen.queryByText(STAGING_TEXTS.tested)).toBeNull();
    expect(screen.getByRole('status', { name: 'Test request result' }).textContent).toContain(
      'Not delivered: the receiver could not be reached (Could not be reached).',
    );
  });

  it('the HashKey is masked and the labelled button shows and hides it', () => {
    data.saved = { URL: 'https://example.test/a', HashKey: 'top-secret' };
    renderPage();
    expect(hashKey()).toHaveProperty('type', 'password');
    expect(hashKey()).toHaveProperty('value', 'top-secret');
    fireEvent.click(button('Show HashKey'));
    expect(hashKey()).toHaveProperty('type', 'text');
    fireEvent.click(button('Hide HashKey'));
    expect(hashKey()).toHaveProperty('type', 'password');
  });

  it('Discard changes goes back to the saved webhook; a 404 on save is Not Found with the message', async () => {
    data.saved = { URL: 'https://example.test/a', HashKey: 'k' };
    renderPage();
    fireEvent.change(url(), { target: { value: 'https://example.test/b' } });
    fireEvent.click(button('Discard changes'));
    expect(url()).toHaveProperty('value', 'https://example.test/a');
    data.answer = errorFromResponse(404, { detail: 'Staging restore is available for Staging marketplaces only.' });
    fireEvent.change(url(), { target: { value: 'https://example.test/b' } });
    fireEvent.click(button('Save'));
    expect(await screen.findByText(STAGING_TEXTS.notFound)).toBeTruthy();
    expect(screen.getByText('Staging restore is available for Staging marketplaces only.')).toBeTruthy();
    expect(url()).toHaveProperty('value', 'https://example.test/b');
  });

  it('a StagingRestoreAdmin who is not an org admin sees the saved webhook without Save, Delete, the test or the restore', () => {
    data.saved = { URL: 'https://example.test/a', HashKey: 'k' };
    renderPage({ orgAdmin: false });
    expect(url()).toHaveProperty('value', 'https://example.test/a');
    expect(screen.getByText(STAGING_TEXTS.orgAdminOnly)).toBeTruthy();
    for (const name of ['Save', 'Delete', 'Discard changes', STAGING_TEXTS.sendTest, 'Restore from Production now']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});
