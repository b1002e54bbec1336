import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants, SearchIndex, SearchIndexError } from '@/services/portal';
import { errorFromResponse } from '@/services/portal-error';
import { Toaster } from '@/ui/toaster';
import { EMPTY_TEXTS, INDEX_TEXTS } from './index-model';
import { IndexToolsPage } from './index-tools-page';

// The page's data hooks are replaced so no request leaves the test; each test sets what they answer.
const data = vi.hoisted(() => ({
  indexes: [] as SearchIndex[],
  errors: {} as Record<string, SearchIndexError[]>,
  rebuild: vi.fn(),
}));
vi.mock('./index-api', () => ({
  useSearchIndexes: (_type: string, enabled: boolean) =>
    enabled ? { data: data.indexes, isPending: false, isError: false } : { isPending: true },
  useIndexErrors: (index: SearchIndex | undefined) => ({
    data: index ? (data.errors[index.IndexID] ?? []) : undefined,
    isPending: !index,
  }),
  useRebuildIndex: () => ({ mutate: data.rebuild, isPending: false }),
}));
// The real widget solves a proof of work in a worker; here one click stands for a solved captcha.
vi.mock('../captcha/captcha', () => ({
  CAPTCHA_CHALLENGE_URL: '/captcha',
  Captcha: ({ onChange }: { onChange: (token: string) => void }) => (
    <button type="button" onClick={() => onChange('solved')}>
      Solve captcha
    </button>
  ),
}));

const grants = (IndexAdmin: boolean) => ({ IndexAdmin }) as Grants;

function renderPage({ IndexAdmin = true, roles = ['FullAccess'] }: { IndexAdmin?: boolean; roles?: string[] } = {}) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/self-service/index-tools?tenantName=demo-sandbox']}>
        <TestPortal value={{ ...base, roles, me: { ...base.me, ScPermissionGrants: grants(IndexAdmin) } }}>
          <IndexToolsPage />
          <Toaster />
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

const active: SearchIndex = {
  IndexID: 'active',
  Type: 'Products',
  Status: 'Ready',
  PercentComplete: 100,
  DateCreated: '2026-11-20T10:00:00Z',
  DateCompleted: '2026-11-20T10:00:04Z',
  IsActiveIndex: true,
  DocumentCount: 536,
  RejectedCount: 4,
};
const rejected = (ThingID: string): SearchIndexError => ({
  ThingID,
  FailedOn: '2026-11-20T10:00:02Z',
  ErrorText: 'xp.Size is text here and a number elsewhere',
});

describe('Index tools', () => {
  beforeEach(() => {
    data.indexes = [];
    data.errors = {};
    data.rebuild.mockReset();
  });
  afterEach(cleanup);

  it('shows the active index with its rejected products, the banner, and links to each product', () => {
    data.indexes = [active, { ...active, IndexID: 'older', IsActiveIndex: false, DateCreated: '2026-11-19T10:00:00Z' }];
    data.errors = { active: ['p1', 'p2', 'p3', 'p4'].map(rejected) };
    renderPage();
    const card = screen.getByRole('region', { name: 'Active index' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Has errors')).toBeTruthy();
    expect(screen.getByText(INDEX_TEXTS.activeErrorsTitle)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Product ID' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Local DateTime' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'p1' }).getAttribute('href')).toBe(
      '/admin/products/p1?tenantName=demo-sandbox',
    );
    // More than 3 rows: the table scrolls in a keyboard-reachable region.
    expect(screen.getByRole('region', { name: 'Index errors' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('1 old index is kept after newer builds replaced them.')).toBeTruthy();
    expect(screen.getByText('4.0 s')).toBeTruthy();
  });

  it('says so when the active index has no errors', () => {
    data.indexes = [{ ...active, RejectedCount: 0 }];
    renderPage();
    expect(screen.getByText(INDEX_TEXTS.noErrors)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('selects a failed build and shows its banner, or the support text when it has no errors', () => {
    data.indexes = [
      active,
      { ...active, IndexID: 'failed', Status: 'Failed', IsActiveIndex: false, DateCreated: '2026-11-21T10:00:00Z' },
    ];
    data.errors = { failed: [rejected('p9')] };
    renderPage();
    // The newest card comes first and is selected by default.
    expect(screen.getByText(INDEX_TEXTS.failedTitle)).toBeTruthy();
    expect(screen.getByText(INDEX_TEXTS.failedBody)).toBeTruthy();
    data.errors = {};
    cleanup();
    renderPage();
    expect(screen.getByText(INDEX_TEXTS.failedWithoutErrors)).toBeTruthy();
  });

  it('shows the empty state when no index exists yet', () => {
    renderPage();
    expect(screen.getByText(EMPTY_TEXTS.Products)).toBeTruthy();
  });

  it('tells a user without IndexAdmin or a product role that they are not authorized', () => {
    renderPage({ IndexAdmin: false, roles: ['OrderReader'] });
    expect(screen.getByText(INDEX_TEXTS.unauthorized)).toBeTruthy();
  });

  it('lets a reader view indexes but not rebuild them', () => {
    data.indexes = [active];
    renderPage({ IndexAdmin: false, roles: ['ProductReader'] });
    expect(screen.getByRole('region', { name: 'Active index' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rebuild' })).toBeNull();
  });

  it('labels Rebuild "Rebuilding" and disables it while the active index rebuilds', () => {
    data.indexes = [
      { ...active, Status: 'Rebuilding' },
      {
        ...active,
        IndexID: 'next',
        Status: 'Building',
        IsActiveIndex: false,
        PercentComplete: 40,
        DateCreated: '2026-11-21T10:00:00Z',
      },
    ];
    renderPage();
    const button = screen.getByRole('button', { name: 'Rebuilding' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('40% complete')).toBeTruthy();
  });

  it('enables Start only once the captcha is solved, and sends its answer', () => {
    data.indexes = [active];
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Rebuild' }));
    const start = screen.getByRole('button', { name: 'Start' });
    expect(start.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(start.hasAttribute('disabled')).toBe(false);
    fireEvent.click(start);
    expect(data.rebuild).toHaveBeenCalledWith(
      expect.objectContaining({ indexId: 'active', captchaToken: 'solved' }),
      expect.anything(),
    );
  });

  it('shows the errors of the card the user selects', () => {
    const failed: SearchIndex = {
      ...active,
      IndexID: 'failed',
      Status: 'Failed',
      IsActiveIndex: false,
      DateCreated: '2026-11-21T10:00:00Z',
    };
    data.indexes = [active, failed];
    data.errors = { failed: [rejected('p9')], active: [rejected('p1')] };
    renderPage();
    expect(screen.getByRole('link', { name: 'p9' })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Active index' });
    fireEvent.click(within(card).getByRole('button', { name: 'Show errors' }));
    expect(within(card).getByRole('button', { name: 'Showing errors' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'p1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'p9' })).toBeNull();
    expect(screen.getByText(INDEX_TEXTS.activeErrorsTitle)).toBeTruthy();
  });

  it('names the Order ID column and links rejected orders to incoming orders', async () => {
    data.indexes = [{ ...active, Type: 'Orders' }];
    data.errors = { active: [rejected('o1')] };
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(await screen.findByRole('columnheader', { name: 'Order ID' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'o1' }).getAttribute('href')).toBe(
      '/admin/orders/incoming/o1?tenantName=demo-sandbox',
    );
  });

  it('says a refused captcha answer is a captcha error and asks for a new one', async () => {
    data.indexes = [active];
    data.rebuild.mockImplementation((_input, options: { onError: (e: unknown) => void; onSettled: () => void }) => {
      options.onError(
        errorFromResponse(403, { title: 'Forbidden', status: 403, detail: 'This captcha answer was already used.' }),
      );
      options.onSettled();
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Rebuild' }));
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Recaptcha Error')).toBeTruthy();
    expect(screen.getByText('This captcha answer was already used.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the Orders tab with its own empty text', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText(EMPTY_TEXTS.Orders)).toBeTruthy();
  });
});
