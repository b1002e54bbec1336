import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants } from '@/services/portal';
import { errorFromResponse } from '@/services/portal-error';
import { localInputHint } from '@/ui/date-time';
import { Toaster } from '@/ui/toaster';
import { SYNC_SUCCESS, SYNC_TEXTS } from './sync-model';
import { SyncToolsPage } from './sync-tools-page';
import type { EntitySyncModel } from './sync-types';

interface Trigger {
  path: string;
  fields: Record<string, unknown>;
  captchaToken: string;
}
type Callbacks = { onSuccess?: () => void; onError?: (error: unknown) => void; onSettled?: () => void };

// The data hooks are replaced so no request leaves the test; `answer` decides how each trigger ends.
const data = vi.hoisted(() => ({
  models: [] as EntitySyncModel[],
  triggers: [] as Trigger[],
  answer: undefined as unknown,
  // Whether the marketplace has a delivery configuration (undefined: not known).
  hasConfig: true as boolean | undefined,
}));
vi.mock('./delivery-configs', () => ({
  DELIVERY_CONFIGURATIONS_PATH: '/admin/delivery-configurations',
  useHasDeliveryConfiguration: () => data.hasConfig,
}));
vi.mock('./sync-api', () => ({
  useEntitySyncModels: () => ({ data: data.models, isPending: false, isError: false }),
  useSyncRuns: () => ({ data: [], isPending: false, isError: false }),
  useRunDeliveries: () => ({ data: [], isPending: false, isError: false }),
  useTriggerSync: () => ({
    isPending: false,
    mutate: (input: Trigger, callbacks: Callbacks) => {
      data.triggers.push(input);
      if (data.answer instanceof Error) callbacks.onError?.(data.answer);
      else callbacks.onSuccess?.();
      callbacks.onSettled?.();
    },
  }),
}));
// The real widget solves a proof of work in a worker; here one click stands for a solved captcha. Each mount
// counts, so a fresh captcha after an attempt shows.
const mounts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../captcha/captcha', async () => {
  const { useEffect } = await import('react');
  return {
    CAPTCHA_CHALLENGE_URL: '/captcha',
    Captcha: ({ onChange }: { onChange: (token: string) => void }) => {
      useEffect(() => {
        mounts.count += 1;
      }, []);
      return (
        <button type="button" onClick={() => onChange('solved')}>
          Solve captcha
        </button>
      );
    },
  };
});

const attribute = (Name: string, DisplayName: string, extra: Partial<EntitySyncModel['Attributes'][number]> = {}) => ({
  Name,
  DisplayName,
  Type: 'string' as const,
  Required: false,
  Internal: false,
  Comment: '',
  ...extra,
});
const MODELS: EntitySyncModel[] = [
  {
    EntityName: 'Products',
    Route: 'entitysync/products',
    Attributes: [
      attribute('ID', 'Product ID', { Comment: 'Leave empty to sync every product.' }),
      attribute('BatchSize', 'Batch size', { Type: 'integer', Internal: true }),
    ],
  },
  {
    EntityName: 'Users',
    Route: 'entitysync/users',
    Attributes: [attribute('BuyerID', 'Buyer ID', { Required: true }), attribute('ID', 'User ID')],
  },
];

function renderPage(SyncAdmin = true) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <TestPortal value={{ ...base, me: { ...base.me, ScPermissionGrants: { SyncAdmin } as Grants } }}>
          <SyncToolsPage />
          <Toaster />
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

const submit = () => screen.getByRole('button', { name: 'Submit' });
const solveCaptcha = () => fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
async function openTab(name: string) {
  const tab = screen.getByRole('tab', { name });
  fireEvent.click(tab);
  await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
  // The panel left is unmounted once its exit ends.
  await waitFor(() => expect(screen.getAllByRole('tabpanel')).toHaveLength(1));
}

describe('Sync tools', () => {
  beforeEach(() => {
    data.models = MODELS;
    data.triggers = [];
    data.answer = undefined;
    mounts.count = 0;
    data.hasConfig = true;
  });
  afterEach(cleanup);

  it('tells a user without SyncAdmin on each tab that they are not authorized', async () => {
    renderPage(false);
    for (const tab of ['Product sync', 'Order sync', 'Entity sync']) {
      await openTab(tab);
      expect(screen.getByText(SYNC_TEXTS.unauthorized)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'View received deliveries' })).toBeNull();
  });

  it('links to what the receiver the platform runs got', () => {
    renderPage();
    const link = screen.getByRole('link', { name: 'View received deliveries' });
    expect(link.getAttribute('href')).toBe('/self-service/received-deliveries');
  });

  it('product sync: Submit waits for a catalog and the captcha, then resets the form and the captcha', async () => {
    renderPage();
    expect(screen.getByText(SYNC_TEXTS.limitedTo)).toBeTruthy();
    const catalog = screen.getByRole('textbox', { name: /Catalog ID/ });
    fireEvent.blur(catalog);
    expect(screen.getByText('Catalog ID is required')).toBeTruthy();
    solveCaptcha();
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.change(catalog, { target: { value: 'demo-catalog' } });
    expect(submit()).toHaveProperty('disabled', false);
    const captchasBefore = mounts.count;
    fireEvent.click(submit());
    expect(data.triggers).toEqual([
      { path: 'synchronizecatalog', fields: { CatalogID: 'demo-catalog', CategoryID: null }, captchaToken: 'solved' },
    ]);
    expect(await screen.findByText(SYNC_SUCCESS.product)).toBeTruthy();
    expect(catalog).toHaveProperty('value', '');
    expect(mounts.count).toBe(captchasBefore + 1);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('product sync: a 404 shows Not Found with the message, keeps the values and asks for a new captcha', async () => {
    data.answer = errorFromResponse(404, { detail: 'Catalog not found: nope' });
    renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: /Catalog ID/ }), { target: { value: 'nope' } });
    solveCaptcha();
    fireEvent.click(submit());
    expect(await screen.findByText(SYNC_TEXTS.notFound)).toBeTruthy();
    expect(screen.getByText('Catalog not found: nope')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Catalog ID/ })).toHaveProperty('value', 'nope');
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('without a delivery configuration each tab says so and links to the list, with no captcha or Submit', async () => {
    data.hasConfig = false;
    renderPage();
    for (const tab of ['Product sync', 'Order sync', 'Entity sync']) {
      await openTab(tab);
      const note = await screen.findByRole('note', { name: 'No delivery configuration' });
      expect(note.textContent).toContain('This marketplace has no delivery configuration');
      const link = screen.getByRole('link', { name: 'Delivery Configurations' });
      expect(link.getAttribute('href')).toBe('/admin/delivery-configurations');
      expect(screen.queryByRole('button', { name: 'Solve captcha' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    }
  });

  it('while it is not known whether a delivery configuration exists, the captcha is offered as before', () => {
    data.hasConfig = undefined;
    renderPage();
    expect(screen.getByRole('button', { name: 'Solve captcha' })).toBeTruthy();
    expect(screen.queryByRole('note', { name: 'No delivery configuration' })).toBeNull();
  });

  it('order sync: Submit is disabled while the start date is later than the end date', async () => {
    renderPage();
    await openTab('Order sync');
    solveCaptcha();
    expect(submit()).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-02T10:00' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-01T10:00' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be later than the end date.');
    expect(submit()).toHaveProperty('disabled', true);
    // Each box describes its value in the portal's one date format, zone named (issue 20).
    const description = (label: string) => {
      const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
      return ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    };
    expect(description('Start date')).toContain(localInputHint('2026-11-02T10:00'));
    expect(description('End date')).toContain(localInputHint('2026-11-01T10:00'));
    expect(localInputHint('2026-11-01T10:00')).toMatch(/^1 Nov 2026, 10:00 UTC/);
  });

  it('entity sync: the first entity is preselected, None selected is disabled, the form follows the entity', async () => {
    data.answer = errorFromResponse(403, { detail: 'This captcha answer was already used; solve the captcha again.' });
    renderPage();
    await openTab('Entity sync');
    const select = await screen.findByRole('combobox', { name: 'Entity' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ['None selected', true],
      ['Products', false],
      ['Users', false],
    ]);
    expect(select).toHaveProperty('value', 'Products');
    // Products: its optional ID with its comment; the internal batch size is not asked for.
    expect(screen.getByRole('textbox', { name: 'Product ID' })).toBeTruthy();
    expect(screen.getByText('Leave empty to sync every product.')).toBeTruthy();
    expect(screen.queryByLabelText(/Batch size/)).toBeNull();

    fireEvent.change(select, { target: { value: 'Users' } });
    expect(screen.queryByRole('textbox', { name: 'Product ID' })).toBeNull();
    solveCaptcha();
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: /Buyer ID/ }), { target: { value: 'buyer-1' } });
    expect(submit()).toHaveProperty('disabled', false);
    fireEvent.click(submit());
    expect(data.triggers).toEqual([
      { path: 'entitysync/users', fields: { BuyerID: 'buyer-1' }, captchaToken: 'solved' },
    ]);
    expect(await screen.findByText(SYNC_TEXTS.captchaError)).toBeTruthy();

    data.answer = undefined;
    solveCaptcha();
    fireEvent.click(submit());
    expect(await screen.findByText(SYNC_SUCCESS.entity)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Buyer ID/ })).toHaveProperty('value', ''));
    expect(select).toHaveProperty('value', 'Users');
  });
});
