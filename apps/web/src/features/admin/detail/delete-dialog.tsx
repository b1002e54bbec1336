import { AbsoluteCenter, Box, Button, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '@/ui/app-dialog';

/** The dialog's text (spec 2 §2 "Generic detail page"). */
export function deleteWarning(singular: string): string {
  return `This is an irreversible, destructive action. Please make sure that you have selected the right ${singular.toLowerCase()}.`;
}

/**
 * Delete with confirmation: 'Are you sure?', Cancel and 'Delete {resource}', a busy overlay while the call runs.
 * `onConfirm` rejects unless the platform answered 204; the dialog then closes and resets.
 */
export function DeleteDialog(props: {
  singular: string;
  onConfirm: () => Promise<void>;
  /** Names the trigger where several sit on one page (a row's 'Delete' says which row). */
  triggerLabel?: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { singular, onConfirm, triggerLabel, size = 'md' } = props;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <AppDialog
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !busy && setOpen(details.open)}
      title="Are you sure?"
      closeLabel={false}
      busy={busy}
      trigger={
        <Button
          colorPalette="red"
          variant="outline"
          size={size}
          aria-label={triggerLabel}
          onClick={() => setOpen(true)}
        >
          Delete
        </Button>
      }
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button colorPalette="red" disabled={busy} onClick={() => void confirm()}>
            Delete {singular}
          </Button>
        </>
      }
      overlay={
        busy && (
          <Box position="absolute" inset="0" bg="bg/80" rounded="inherit" aria-label="Deleting">
            <AbsoluteCenter>
              <Spinner size="lg" />
            </AbsoluteCenter>
          </Box>
        )
      }
    >
      <Text>{deleteWarning(singular)}</Text>
    </AppDialog>
  );
}
