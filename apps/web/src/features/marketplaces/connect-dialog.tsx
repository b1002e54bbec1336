import { Button, Stack, Text } from '@chakra-ui/react';
import type { MarketplaceEnvironment, MarketplaceSaved } from '@portal/contracts';
import { useState } from 'react';
import { AppDialog } from '@/ui/app-dialog';
import { useCheckedSave } from './checked-save';
import { CheckingNotice, RefusalSummary } from './check-list';
import { EMPTY_CONNECT_DRAFT, errorOf, unplacedMessages, validateConnect, type ConnectDraft } from './connect-rules';
import { EnvironmentField, TextField } from './marketplace-fields';
import { useConnectMarketplace } from './marketplaces-api';

export const CONNECT_INTRO =
  'Connecting lets the portal manage a marketplace that runs on another compatible platform, through one of its API ' +
  'clients. The client secret is stored encrypted and is never shown again.';

export interface ConnectDialogProps {
  onClose: () => void;
  onConnected: (saved: MarketplaceSaved) => void;
}

/**
 * The connect form (issue 21). The portal service checks the address, that it is a platform and that the API client
 * signs in; a refusal names the failed check and the field to change, and everything typed stays as it was.
 */
export function ConnectDialog({ onClose, onConnected }: ConnectDialogProps) {
  const [draft, setDraft] = useState<ConnectDraft>(EMPTY_CONNECT_DRAFT);
  const { errors, refusal, run, onSubmit } = useCheckedSave();
  const connect = useConnectMarketplace();
  const set = (field: keyof ConnectDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = () =>
    run(validateConnect(draft), async () => {
      const saved = await connect.mutateAsync({
        Name: draft.Name.trim(),
        Environment: draft.Environment as MarketplaceEnvironment,
        ApiUrl: draft.ApiUrl.trim(),
        ClientID: draft.ClientID.trim(),
        ClientSecret: draft.ClientSecret,
      });
      onConnected(saved);
    });
  const submitForm = onSubmit(submit);

  return (
    <AppDialog
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
      title="Connect a marketplace"
      busy={connect.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="connect-marketplace-form"
            colorPalette="blue"
            loading={connect.isPending}
            loadingText="Checking…"
          >
            Connect
          </Button>
        </>
      }
    >
      {/* The form sits in the body, not around the whole dialog, so the body keeps its own scrolling. */}
      <form id="connect-marketplace-form" noValidate onSubmit={submitForm}>
        <Stack gap="4">
          <Text color="fg.muted">{CONNECT_INTRO}</Text>
          {connect.isPending && <CheckingNotice />}
          {refusal && (
            <RefusalSummary
              title="The marketplace could not be connected"
              refusal={refusal}
              unplaced={unplacedMessages(refusal.fieldErrors)}
            />
          )}
          <TextField field="Name" value={draft.Name} onChange={set('Name')} error={errorOf(errors, 'Name')} />
          <EnvironmentField
            value={draft.Environment}
            onChange={set('Environment')}
            error={errorOf(errors, 'Environment')}
          />
          <TextField
            field="ApiUrl"
            type="url"
            value={draft.ApiUrl}
            onChange={set('ApiUrl')}
            error={errorOf(errors, 'ApiUrl')}
            placeholder="https://api.example.com/v1"
            helperText="The address the platform's API answers at, as its API clients call it."
          />
          <TextField
            field="ClientID"
            value={draft.ClientID}
            onChange={set('ClientID')}
            error={errorOf(errors, 'ClientID')}
          />
          <TextField
            field="ClientSecret"
            type="password"
            value={draft.ClientSecret}
            onChange={set('ClientSecret')}
            error={errorOf(errors, 'ClientSecret')}
            helperText="The API client needs a default context user for the client credentials grant."
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
