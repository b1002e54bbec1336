import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import { useActivity } from '../history/history-api';
import { ConnectedHistoryNotice, HistoryError, HistoryLoading, LoadMore } from '../history/history-states';
import { canReadActivity, AUDIT_READER_GRANT } from './activity-access';
import { ActivityExportButton } from './activity-export-button';
import { ActivityFilterForm } from './activity-filter-form';
import { activityQuery, filterCount, readActivityFilters, writeActivityFilters } from './activity-filters';
import { ActivityTable } from './activity-table';

const TITLE = 'Activity';

/** Opened without the grant: what would open it, as the explorer's no-access page says it. Nothing is requested. */
function NoActivityAccess() {
  return (
    <Stack gap="4" align="flex-start" maxW="40rem">
      <Heading as="h1" size="2xl">
        You don&apos;t have access to {TITLE}
      </Heading>
      <Text>To open it, ask an organization admin to add you to a role group with the {AUDIT_READER_GRANT} grant.</Text>
      <Button asChild size="sm" variant="outline">
        <AppLink to="/admin" textDecoration="none">
          Back to the explorer&apos;s home
        </AppLink>
      </Button>
    </Stack>
  );
}

function ActivityRecords() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readActivityFilters(searchParams), [searchParams]);
  const query = useMemo(() => activityQuery(filters), [filters]);
  const activity = useActivity(query, true);
  const count = filterCount(filters);
  let records;
  if (activity.isPending) records = <HistoryLoading />;
  else if (activity.isError) records = <HistoryError error={activity.error} />;
  else if (activity.records.length === 0)
    records = (
      <Text color="fg.muted">
        {count > 0 ? 'No changes match these filters.' : 'No changes have been recorded in this marketplace yet.'}
      </Text>
    );
  else records = <ActivityTable records={activity.records} />;
  return (
    <>
      {/* Keyed by the URL's filters, so Back and links that change them reset what the boxes hold. */}
      <ActivityFilterForm
        key={searchParams.toString()}
        filters={filters}
        onApply={(next) => setSearchParams((current) => writeActivityFilters(current, next))}
      />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontSize="sm" color="fg.muted" role="status">
          {count === 0
            ? 'All changes, newest first.'
            : `Changes matching ${count} ${count === 1 ? 'filter' : 'filters'}, newest first.`}
        </Text>
        <ActivityExportButton query={query} />
      </HStack>
      {records}
      {activity.isSuccess && (
        <LoadMore
          hasMore={activity.hasNextPage}
          loading={activity.isFetchingNextPage}
          onLoad={() => void activity.fetchNextPage()}
          shown={activity.records.length}
        />
      )}
    </>
  );
}

/** `/admin/activity` (issue 23): every change of the marketplace, filtered by who, client, item, operation and time. */
export function ActivityPage() {
  const { me, marketplace } = usePortalContext();
  if (!canReadActivity(me)) return <NoActivityAccess />;
  return (
    <Stack gap="5" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Who changed what in this marketplace, when, and through which client.</Text>
      </Stack>
      {marketplace.Kind === 'Connected' ? <ConnectedHistoryNotice /> : <ActivityRecords />}
    </Stack>
  );
}
