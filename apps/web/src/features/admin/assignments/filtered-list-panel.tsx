import { Box, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { displayName } from '@/lib/display-name';
import { AppLink } from '@/ui/app-link';
import { useErrorToast } from '@/ui/notify-error';
import { CATALOGUE } from '../catalogue/catalogue';
import { adminHref } from '../catalogue/resolve-path';
import { useAdminApi } from '../lib/admin-api';
import { PaginationBar } from '../list/pagination-bar';
import type { FilteredListBinding, TabContext } from './tab-binding';
import { ASSIGNMENT_PAGE_SIZE, useUrlPage } from './use-assignments';

/**
 * A tab listing another resource's items that point at the owner (an API client's impersonation configs, by
 * ClientID): names linked to their own pages, paged like every list.
 */
export function FilteredListPanel({ binding, context }: { binding: FilteredListBinding; context: TabContext }) {
  const api = useAdminApi();
  const { marketplace } = usePortalContext();
  const [page, setPage] = useUrlPage();
  const ownerId = context[binding.ownerParam] ?? '';
  const query = { [binding.filterField]: ownerId, page, pageSize: ASSIGNMENT_PAGE_SIZE };
  const list = useQuery({
    queryKey: ['platform', marketplace.Id, 'list', binding.list.id, context, query],
    queryFn: ({ signal }) => api.list(binding.list, context, query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useErrorToast(list.error);
  const collection = CATALOGUE.find((candidate) => candidate.operations.list === binding.list.id);
  const items = list.data?.Items ?? [];
  const meta = list.data?.Meta;
  return (
    <Stack gap="4" minW="0">
      <Heading as="h2" size="lg">
        {binding.label}
      </Heading>
      {list.isPending ? (
        <HStack color="fg.muted">
          <Spinner size="sm" /> <Text>Loading {binding.label.toLowerCase()}…</Text>
        </HStack>
      ) : items.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" rounded="l2" px="6" py="8" textAlign="center">
          <Text color="fg.muted">{list.isError ? 'The list could not be loaded.' : 'No Data'}</Text>
        </Box>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="l2">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>ID</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((item, index) => {
                const id = typeof item.ID === 'string' ? item.ID : '';
                const href = collection && id ? adminHref(collection, context, id) : null;
                return (
                  <Table.Row key={id || index}>
                    <Table.Cell>
                      {href ? <AppLink to={href}>{displayName(item)}</AppLink> : displayName(item)}
                    </Table.Cell>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {id}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <PaginationBar page={page} totalPages={meta?.TotalPages ?? 0} onPage={setPage} />
    </Stack>
  );
}
