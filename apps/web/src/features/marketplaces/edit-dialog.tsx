import { Button, Stack, Text } from '@chakra-ui/react';
import type { EditMarketplaceInput, MarketplaceListItem, MarketplaceSaved } from '@portal/contracts';
import { useState } from 'react';
import { AppDialog } from '@/ui/app-dialog';
import { useCheckedSave } from './checked-save';
import { CheckingNotice, RefusalSummary } from './check-list';
import { errorOf, unplacedMessages, validateEdit } from './connect-rules';
import { TextField } from './marketplace-fields';
import { useEditMarketplace } from './marketplaces-api';

export interface EditDialogProps {
  marketplace: MarketplaceListItem;
  onClose: () => void;
  /** Called after a save; not called when nothing changed (the dialog just closes). */
  onSaved: (saved: MarketplaceSaved) => void;
}

/** Renames a connected marketplace and/or replaces its client secret; an empty secret keeps the stored one. */
export function EditDialog({ marketplace, onClose, onSaved }: EditDialogProps) {
  const [name, setName] = useState(marketplace.Name);
  const [secret, setSecret] = useState('');
  const { errors, refusal, run, onSubmit } = useCheckedSave();
  const edit = useEditMarketplace();

  const submit = () =>
    run(validateEdit({ Name: name }), async () => {
      // Only what changed is sent: a secret sent again would run the checks again for nothing.
      const input: EditMarketplaceInput = {
        ...(name.trim() !== marketplace.Name ? { Name: name.trim() } : {}),
        ...(secret ? { ClientSecret: secret } : {}),
      };
      if (Object.keys(input).length === 0) {
        onClose();
        return;
      }
      onSaved(await edit.mutateAsync({ id: marketplace.ID, input }));
    });
  const submitForm = onSubmit(submit);

  return (
    <AppDialog
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
      title={`Edit ${marketplace.Name}`}
      busy={edit.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="edit-marketplace-form"
            colorPalette="blue"
            loading={edit.isPending}
            loadingText="Saving…"
          >
            Save
          </Button>
        </>
      }
    >
      {/* The form sits in the body, not around the whole dialog, so the body keeps its own scrolling. */}
      <form id="edit-marketplace-form" noValidate onSubmit={submitForm}>
        <Stack gap="4">
          <Text color="fg.muted">
            {`Signed in as API client ${marketplace.ClientID ?? ''} at ${marketplace.ApiUrl}. A new secret is checked ` +
              'against the marketplace before it replaces the stored one, and is stored encrypted.'}
          </Text>
          {edit.isPending && secret && <CheckingNotice />}
          {refusal && (
            <RefusalSummary
              title="The changes could not be saved"
              refusal={refusal}
              unplaced={unplacedMessages(refusal.fieldErrors)}
            />
          )}
          <TextField field="Name" value={name} onChange={setName} error={errorOf(errors, 'Name')} />
          <TextField
            field="ClientSecret"
            type="password"
            required={false}
            value={secret}
            onChange={setSecret}
            error={errorOf(errors, 'ClientSecret')}
            helperText="Leave empty to keep the stored secret."
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
