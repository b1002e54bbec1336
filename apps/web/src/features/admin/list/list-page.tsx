import { Box, Button, Heading, HStack, SegmentGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, queryOptions, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { canManageFromList } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { requireOperation } from '@/description/api-model';
import { withKeptQuery } from '@/lib/keep-query';
import { AppLink } from '@/ui/app-link';
import { useErrorToast } from '@/ui/notify-error';
import { useListAssignments } from '../assignments/list-column';
import { useListBulk } from '../bulk/use-list-bulk';
import { aroundMerchandise, useMerchandiseColumns } from '../merchandise/merchandise-columns';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { apiPathParams, NEW_ITEM_SEGMENT, type RouteParams } from '../catalogue/resolve-path';
import { useAdminApi, type Item } from '../lib/admin-api';
import { isNarrowed, listQuery, nextSort, type ListUrlState } from '../lib/list-url-state';
import { ExportSlot, loadSpecialRowHref, type OrdersSlotModule } from '../slots';
import { ColumnOptions } from './column-options';
import { filterFields } from '../lib/filter-syntax';
import { FilterChips } from './filter-chips';
import { FiltersDialog } from './filters-dialog';
import { ListGrid, ListTable } from './list-table';
import { applyListChange, useListColumns, useListUrlState, useListView, type ListView } from './list-view-state';
import { PaginationBar } from './pagination-bar';
import { SearchBox } from './search-box';

/** Rows per page: the platform's default page size. */
export const LIST_PAGE_SIZE = 20;

export const EMPTY_TEXTS = {
  nothingYet: 'Nothing here yet. Try creating a new item first.',
  noResults: 'No results. Try clearing your search and/or filters.',
  noData: 'No Data',
} as const;

function sortableFields(operation: ReturnType<typeof requireOperation>): Set<string> {
  const schema = operation.queryParams.find((param) => param.name === 'sortBy')?.schema;
  const values = schema?.items?.enum ?? schema?.enum ?? [];
  return new Set(values.filter((value): value is string => typeof value === 'string' && !value.startsWith('!')));
}

function useSpecialRowHref(enabled: boolean) {
  const [special, setSpecial] = useState<OrdersSlotModule['specialRowHref'] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadSpecialRowHref().then((found) => live && setSpecial(() => found));
    return () => {
      live = false;
    };
  }, [enabled]);
  return special;
}

/** The generic list page of spec 2 §2 for one catalogue collection. */
export function ListPage({
  collection,
  params,
  nested,
}: {
  collection: CatalogueCollection;
  params: RouteParams;
  nested: boolean;
}) {
  const { description, roles, marketplace } = usePortalContext();
  const api = useAdminApi();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const operation = requireOperation(description, collection.operations.list);
  const [state, setState] = useListUrlState();
  const [view, setView] = useListView();
  const columns = useListColumns(marketplace.Id, collection.key, operation.listItemSchema);
  const pathParams = useMemo(() => apiPathParams(collection, params), [collection, params]);
  const listOptions = useCallback(
    (listState: ListUrlState) => {
      const listQueryParams = { ...collection.listQuery, ...listQuery(listState, LIST_PAGE_SIZE) };
      return queryOptions({
        queryKey: ['platform', marketplace.Id, 'list', operation.id, pathParams, listQueryParams],
        queryFn: ({ signal }) => api.list(operation, pathParams, listQueryParams, signal),
        retry: false,
      });
    },
    [api, collection.listQuery, marketplace.Id, operation, pathParams],
  );
  const query = { ...collection.listQuery, ...listQuery(state, LIST_PAGE_SIZE) };
  // The request leaves while this page renders rather than once the whole page has committed, and a change (the
  // next page, a sort, a search) sends it on the click, before the re-render (bench/admin-list.ts).
  usePrefetchQuery(listOptions(state));
  const list = useQuery({ ...listOptions(state), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const update = useCallback(
    (change: Partial<ListUrlState>) => {
      void queryClient.prefetchQuery(listOptions(applyListChange(state, change)));
      setState(change);
    },
    [queryClient, listOptions, state, setState],
  );
  useErrorToast(list.error);
  const specialRowHref = useSpecialRowHref(collection.special === 'shipment-items');

  const canManage = !collection.readOnly && canManageFromList(roles, operation);
  const canCreate = canManage && collection.operations.create !== undefined;
  const rowHref = useCallback(
    (item: Item): string | null => {
      if (specialRowHref) return specialRowHref({ collection, params, item });
      if (!collection.itemParam || typeof item.ID !== 'string') return null;
      return `${pathname}/${encodeURIComponent(item.ID)}`;
    },
    [specialRowHref, collection, params, pathname],
  );
  // Only the kept parameters (organization, tenant) travel with a row's link, and they do not change with the page.
  const keptQuery = withKeptQuery('', search);
  const open = useCallback((href: string) => void navigate(withKeptQuery(href, keptQuery)), [navigate, keptQuery]);
  const sortable = useMemo(() => sortableFields(operation), [operation]);
  const filterable = useMemo(() => filterFields(columns.available), [columns.available]);
  const removeFilter = (field: string) =>
    update({ filters: Object.fromEntries(Object.entries(state.filters).filter(([key]) => key !== field)) });
  const onSort = useCallback((field: string) => update({ sort: nextSort(state.sort, field) }), [update, state.sort]);
  const items = list.data?.Items ?? [];
  // An assignment page (spec 2 §2): a switcher above the list, an Assignment column in it.
  const assignments = useListAssignments({ collection, route: pathParams });
  // Row selection and the bulk bar (issue 24); an assignment page's Assign and Unassign selected join its bar.
  const bulk = useListBulk({
    collection,
    operation,
    route: pathParams,
    state,
    query,
    items,
    total: list.data?.Meta?.TotalCount ?? 0,
    switcher: assignments?.bulk ?? null,
  });
  const pageColumns = useMemo(
    () => [...bulk.columns, ...(assignments?.columns ?? [])],
    [bulk.columns, assignments?.columns],
  );
  // A products list shows picture, price and stock (issue 24), around the page's own extra columns.
  const merchandise = useMerchandiseColumns(collection, items);
  const extraColumns = useMemo(
    () => aroundMerchandise(pageColumns, merchandise?.columns),
    [pageColumns, merchandise?.columns],
  );
  const meta = list.data?.Meta;
  const total = meta?.TotalCount ?? 0;
  const { page: _page, pageSize: _pageSize, ...exportQuery } = query;
  const headingLevel = nested ? 'h2' : 'h1';

  let emptyText: string = EMPTY_TEXTS.noData;
  if (isNarrowed(state)) emptyText = EMPTY_TEXTS.noResults;
  else if (canCreate) emptyText = EMPTY_TEXTS.nothingYet;

  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as={headingLevel} size={nested ? 'lg' : '2xl'}>
          {collection.label}
        </Heading>
        {canCreate && (
          <Button asChild size="sm">
            <AppLink to={`${pathname}/${NEW_ITEM_SEGMENT}`} color="fg.inverted" textDecoration="none">
              Create new {collection.singular}
            </AppLink>
          </Button>
        )}
      </HStack>
      <HStack wrap="wrap" gap="2">
        <SearchBox
          value={state.search}
          label={`Search ${collection.label.toLowerCase()}`}
          onSearch={(value) => value !== state.search && update({ search: value })}
        />
        <FiltersDialog
          collection={collection}
          params={params}
          fields={filterable}
          filters={state.filters}
          onApply={(filters) => update({ filters })}
        />
        <ColumnOptions
          available={columns.available}
          chosen={columns.chosen}
          onChange={columns.setChosen}
          extra={merchandise?.choices}
        />
        <SegmentGroup.Root
          size="sm"
          aria-label="Layout"
          value={view}
          onValueChange={(details) => details.value && setView(details.value as ListView)}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'table', label: 'Table' },
              { value: 'grid', label: 'Grid' },
            ]}
          />
        </SegmentGroup.Root>
        {ExportSlot && (
          <Suspense fallback={null}>
            <ExportSlot
              collection={collection}
              operation={operation}
              pathParams={pathParams}
              query={exportQuery}
              columns={columns.shown}
              totalCount={total}
            />
          </Suspense>
        )}
      </HStack>
      <FilterChips fields={filterable} filters={state.filters} onRemove={removeFilter} />
      {assignments?.panel}
      {bulk.panel}
      {list.isPending ? (
        <HStack color="fg.muted">
          <Spinner size="sm" /> <Text>Loading {collection.label.toLowerCase()}…</Text>
        </HStack>
      ) : items.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" rounded="l2" px="6" py="8" textAlign="center">
          <Text color="fg.muted">{list.isError ? 'The list could not be loaded.' : emptyText}</Text>
        </Box>
      ) : view === 'grid' ? (
        <ListGrid items={items} columns={columns.shown} rowHref={rowHref} onOpen={open} extraColumns={extraColumns} />
      ) : (
        <ListTable
          items={items}
          columns={columns.shown}
          rowHref={rowHref}
          onOpen={open}
          extraColumns={extraColumns}
          sort={state.sort}
          sortable={sortable}
          onSort={onSort}
        />
      )}
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {meta ? `${total} ${total === 1 ? 'item' : 'items'}` : ''}
        </Text>
        <PaginationBar page={state.page} totalPages={meta?.TotalPages ?? 0} onPage={(page) => update({ page })} />
      </HStack>
    </Stack>
  );
}
