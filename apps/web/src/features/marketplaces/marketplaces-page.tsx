import { Alert, Button, CloseButton, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MarketplaceListItem, MarketplaceSaved } from '@portal/contracts';
import { useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { describeError } from '@/services/portal-error';
import { toaster } from '@/ui/toaster';
import { ConnectDialog } from './connect-dialog';
import { DisconnectDialog } from './disconnect-dialog';
import { EditDialog } from './edit-dialog';
import { MarketplaceTable } from './marketplace-table';
import { useMarketplaces } from './marketplaces-api';

export const READ_ONLY_TEXT =
  'Only organization admins can connect, edit or disconnect marketplaces. Ask one of them for a change.';

/** Which dialog is open, if any: at most one at a time. */
type Dialog =
  | { kind: 'connect' }
  | { kind: 'edit'; marketplace: MarketplaceListItem }
  | { kind: 'disconnect'; marketplace: MarketplaceListItem };

/** Warnings of the last connect or edit (roles the client lacks), kept on the page until dismissed. */
interface SavedWarnings {
  /** 'Connected Acme Shop' or 'Saved Acme Shop'. */
  what: string;
  warnings: string[];
}

function WarningsAlert({ saved, onDismiss }: { saved: SavedWarnings; onDismiss: () => void }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{`${saved.what}, with warnings`}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {saved.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss the warnings" onClick={onDismiss} />
    </Alert.Root>
  );
}

/** The organization's marketplaces, hosted and connected; admins connect, edit and disconnect them (issue 21). */
export function MarketplacesPage() {
  const { marketplace } = usePortalContext();
  const list = useMarketplaces();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [warnings, setWarnings] = useState<SavedWarnings | null>(null);
  const canManage = list.data?.CanManage === true;
  const close = () => setDialog(null);

  const saved = (verb: string) => (result: MarketplaceSaved) => {
    close();
    const what = `${verb} ${result.Marketplace.Name}`;
    toaster.create({ type: 'success', title: what });
    setWarnings(result.Warnings.length > 0 ? { what, warnings: result.Warnings } : null);
  };

  return (
    <Stack gap="6">
      <HStack justify="space-between" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          Marketplaces
        </Heading>
        {canManage && (
          <Button colorPalette="blue" onClick={() => setDialog({ kind: 'connect' })}>
            Connect a marketplace
          </Button>
        )}
      </HStack>
      <Text color="fg.muted">
        The marketplaces of your organization: those the platform hosts, and those connected from another compatible
        platform through an API client.
      </Text>
      {list.data && !canManage && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{READ_ONLY_TEXT}</Alert.Title>
        </Alert.Root>
      )}
      {warnings && <WarningsAlert saved={warnings} onDismiss={() => setWarnings(null)} />}
      {list.isPending && (
        <HStack role="status" gap="3">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading marketplaces...</Text>
        </HStack>
      )}
      {list.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{describeError(list.error).title}</Alert.Title>
            <Alert.Description>{describeError(list.error).message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {list.data && list.data.Items.length === 0 && (
        <Text color="fg.muted">Your organization has no marketplaces yet.</Text>
      )}
      {list.data && list.data.Items.length > 0 && (
        <MarketplaceTable
          items={list.data.Items}
          currentId={marketplace.Id}
          onEdit={canManage ? (item) => setDialog({ kind: 'edit', marketplace: item }) : undefined}
          onDisconnect={canManage ? (item) => setDialog({ kind: 'disconnect', marketplace: item }) : undefined}
        />
      )}
      {dialog?.kind === 'connect' && <ConnectDialog onClose={close} onConnected={saved('Connected')} />}
      {dialog?.kind === 'edit' && (
        <EditDialog marketplace={dialog.marketplace} onClose={close} onSaved={saved('Saved')} />
      )}
      {dialog?.kind === 'disconnect' && (
        <DisconnectDialog
          marketplace={dialog.marketplace}
          onClose={close}
          onDisconnected={(item) => {
            close();
            toaster.create({ type: 'success', title: `Disconnected ${item.Name}` });
          }}
        />
      )}
    </Stack>
  );
}
