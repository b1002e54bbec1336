import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, platformCalls, reply, type PlatformCall } from '../testing/fake-platform';
import { listPageAt, renderAdminPage } from '../testing/render-admin-page';
import { EMPTY_TEXTS, LIST_PAGE_SIZE } from './list-page';

// The list page against a fake platform: it asks with what the URL holds (search, sort, filters, page), shows the
// rows and count the platform answers in the platform's order, and says when the list is empty or failed.

const BOOT = { ID: 'p-1', Name: 'Boot', Active: true };
const SHOE = { ID: 'p-2', Name: 'Shoe', Active: true };
const CLOG = { ID: 'p-3', Name: 'Clog', Active: false };

function openList(url: string, answer: unknown, roles?: readonly string[]) {
  return renderAdminPage(url, listPageAt(url), { answers: { '/v1/products': answer }, ...(roles ? { roles } : {}) });
}

/** The query of each products list the page asked for, as plain entries. */
function listQueries(platform: ReturnType<typeof openList>['platform']) {
  return platformCalls(platform, 'GET')
    .filter((call) => call.url.pathname === '/platform/v1/products')
    .map((call) => Object.fromEntries(call.url.searchParams));
}

/** The names of the rows the table shows, top to bottom. */
function rowNames(): string[] {
  return screen.getAllByRole('row', { name: /^Open / }).map((row) => row.getAttribute('aria-label') ?? '');
}

// Above findBy's 5 s (test-setup): a broken page fails on its assertion, not on the test's time limit.
describe('the list page', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("asks the platform with the URL's search, sort, filter and page and shows the rows and count it answers", async () => {
    const { platform } = openList(
      '/admin/products?s=boot&sort=!Name&p=2&Active=true',
      listOf([SHOE, BOOT], { Page: 2, PageSize: LIST_PAGE_SIZE, TotalCount: 45, TotalPages: 3 }),
    );
    expect(await screen.findByText('45 items')).toBeTruthy();
    expect(rowNames()).toEqual(['Open Shoe', 'Open Boot']);
    expect(listQueries(platform)[0]).toEqual({
      search: 'boot',
      sortBy: '!Name',
      page: '2',
      pageSize: String(LIST_PAGE_SIZE),
      Active: 'true',
    });
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts by a column through the platform, showing the rows in the order it answers', async () => {
    // Sorted by name the platform answers Boot, Clog, Shoe; unsorted, in its own (ID) order.
    const answer = (call: PlatformCall) =>
      listOf(call.url.searchParams.get('sortBy') === 'Name' ? [BOOT, CLOG, SHOE] : [BOOT, SHOE, CLOG]);
    const { platform, router } = openList('/admin/products', answer);
    await waitFor(() => expect(rowNames()).toEqual(['Open Boot', 'Open Shoe', 'Open Clog']));

    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(rowNames()).toEqual(['Open Boot', 'Open Clog', 'Open Shoe']));
    expect(listQueries(platform).at(-1)).toMatchObject({ sortBy: 'Name', page: '1' });
    expect(router.state.location.search).toBe('?sort=Name');
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches what was typed and moves to the page asked for', async () => {
    const answer = (call: PlatformCall) =>
      listOf(call.url.searchParams.get('page') === '2' ? [CLOG] : [BOOT, SHOE], { TotalCount: 21, TotalPages: 2 });
    const { platform, router } = openList('/admin/products', answer);
    expect(await screen.findByText('21 items')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowNames()).toEqual(['Open Clog']));
    expect(router.state.location.search).toBe('?p=2');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: ' clog ' } });
    // After the typing pause, from the first page again.
    await waitFor(() => expect(router.state.location.search).toBe('?s=clog'));
    await waitFor(() => expect(listQueries(platform).at(-1)).toMatchObject({ search: 'clog', page: '1' }));
  });

  it('opens the item of a pressed row', async () => {
    openList('/admin/products?organization=acme', listOf([BOOT, SHOE]));
    fireEvent.click(await screen.findByRole('row', { name: 'Open Shoe' }));
    expect(await screen.findByText('Now at /admin/products/p-2?organization=acme')).toBeTruthy();
  });

  it('says the list could not be loaded when the platform refuses, with no rows or count', async () => {
    openList('/admin/products', reply(500, { Errors: [{ ErrorCode: 'InternalServerError', Message: 'Broken.' }] }));
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.queryAllByRole('row', { name: /^Open / })).toEqual([]);
    expect(screen.queryByText(/^\d+ items?$/)).toBeNull();
  });

  it('invites creating the first item of an empty list', async () => {
    openList('/admin/products', listOf([]));
    expect(await screen.findByText(EMPTY_TEXTS.nothingYet)).toBeTruthy();
    expect(screen.getByText('0 items')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create new Product' })).toBeTruthy();
  });

  it('suggests clearing the search when a search finds nothing', async () => {
    openList('/admin/products?s=zzz', listOf([]));
    expect(await screen.findByText(EMPTY_TEXTS.noResults)).toBeTruthy();
  });

  it('shows only No Data to a reader who cannot create', async () => {
    openList('/admin/products', listOf([]), ['ProductReader']);
    expect(await screen.findByText(EMPTY_TEXTS.noData)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create new Product' })).toBeNull();
  });
});
