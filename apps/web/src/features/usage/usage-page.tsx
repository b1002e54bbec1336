import { Alert, Button, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { describeError } from '@/services/portal-error';
import { AppLink } from '@/ui/app-link';
import { useErrorToast } from '@/ui/notify-error';
import { useUsage, WEEK_CHOICES } from './usage-api';
import { UsageTable } from './usage-table';

/** What a user who is not an organization admin sees: nothing of the usage is requested. */
function NoUsageAccess() {
  return (
    <Stack gap="4" align="flex-start" maxW="40rem">
      <Heading as="h1" size="2xl">
        You don't have access to product usage
      </Heading>
      <Text>Only organization owners and admins can see how the portal is used in the organization.</Text>
      <Button asChild size="sm" variant="outline">
        <AppLink to="/" textDecoration="none">
          Back to the home page
        </AppLink>
      </Button>
    </Stack>
  );
}

/**
 * Product usage (spec 1 §1, docs/analytics.md): for organization admins, how often each portal feature was used per
 * ISO week and how many people used the portal, from the events the portal records.
 */
export function UsagePage() {
  const { me } = usePortalContext();
  if (!me.IsOrganizationAdmin) return <NoUsageAccess />;
  return <UsageReportView />;
}

function UsageReportView() {
  const [weeks, setWeeks] = useState<number>(8);
  const usage = useUsage(weeks);
  useErrorToast(usage.error);
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Product usage
      </Heading>
      <Text color="fg.muted" maxW="48rem">
        How often your organization used each part of the portal, per week (Monday to Sunday, UTC), and how many people
        used it. Counts cover the last 26 weeks at most; no request contents are recorded.
      </Text>
      <HStack gap="3">
        <Text asChild fontWeight="medium">
          <label htmlFor="usage-weeks">Weeks shown</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field id="usage-weeks" value={weeks} onChange={(event) => setWeeks(Number(event.target.value))}>
            {WEEK_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {usage.isPending && (
        <HStack role="status" gap="3">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading usage...</Text>
        </HStack>
      )}
      {usage.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{describeError(usage.error).title}</Alert.Title>
            <Alert.Description>{describeError(usage.error).message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {usage.data && <UsageTable report={usage.data} />}
    </Stack>
  );
}
