import { Alert, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { describeError } from '@/services/portal-error';
import { RestoreDeliveries } from './restore-deliveries';
import { RestoreNow } from './restore-now';
import { useStagingWebhook } from './staging-restore-api';
import { STAGING_TEXTS } from './staging-restore-model';
import { TestWebhook } from './test-webhook';
import { WebhookForm } from './webhook-form';

/**
 * `/self-service/staging-restore` (spec 1 §2 "Staging restore"): the post-restore webhook of a Staging marketplace.
 * Viewing needs StagingRestoreAdmin; changing, deleting, testing and running the restore also an org admin.
 */
export function StagingRestorePage() {
  const { me, marketplace } = usePortalContext();
  const allowed = me.ScPermissionGrants.StagingRestoreAdmin === true;
  // The side menu lists the tool on Staging only; an address typed by hand elsewhere says why nothing is here.
  const staging = marketplace.OcEnvironment === 'Staging';
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        {STAGING_TEXTS.title}
      </Heading>
      {!staging ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{STAGING_TEXTS.stagingOnly}</Alert.Title>
        </Alert.Root>
      ) : allowed ? (
        <StagingRestore orgAdmin={me.IsOrganizationAdmin === true} />
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{STAGING_TEXTS.unauthorized}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

function StagingRestore({ orgAdmin }: { orgAdmin: boolean }) {
  const webhook = useStagingWebhook(true);
  return (
    <Stack gap="8">
      <Stack gap="4">
        <Text maxW="2xl">{STAGING_TEXTS.sunday}</Text>
        {!orgAdmin && <Text color="fg.muted">{STAGING_TEXTS.orgAdminOnly}</Text>}
        {webhook.isPending ? (
          <HStack role="status" gap="2">
            <Spinner size="sm" />
            <Text color="fg.muted">Loading the post-restore webhook...</Text>
          </HStack>
        ) : webhook.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{describeError(webhook.error).message}</Alert.Title>
          </Alert.Root>
        ) : (
          // A new key when the saved webhook changes starts the form over from it (spec 1 §4).
          <WebhookForm
            key={webhook.data ? `${webhook.data.URL}\n${webhook.data.HashKey}` : 'none'}
            saved={webhook.data}
            canChange={orgAdmin}
          />
        )}
      </Stack>
      {webhook.data && orgAdmin && <TestWebhook />}
      {orgAdmin && <RestoreNow />}
      <RestoreDeliveries />
    </Stack>
  );
}
