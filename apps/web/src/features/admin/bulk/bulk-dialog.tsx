import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/** The frame of every bulk dialog: a title, the body, Cancel and the action's button. */
export function BulkDialog(props: {
  title: string;
  confirmLabel: string;
  /** Red button and an alertdialog role: the action deletes. */
  destructive?: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { title, confirmLabel, destructive = false, disabled = false, onCancel, onConfirm, children } = props;
  return (
    <Dialog.Root
      open
      role={destructive ? 'alertdialog' : 'dialog'}
      onOpenChange={(details) => !details.open && onCancel()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">{children}</Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette={destructive ? 'red' : undefined} disabled={disabled} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Asking before a run: a delete always (saying how many items it touches), any action on more than 1,000 matching
 * items with the number typed as well.
 */
export function ConfirmBulkDialog(props: {
  title: string;
  message: string;
  count: number;
  typed: boolean;
  destructive: boolean;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { title, message, count, typed, destructive, confirmLabel, onCancel, onConfirm } = props;
  const [typedText, setTypedText] = useState('');
  const typedOk = !typed || typedText.replace(/[\s,]/g, '') === String(count);
  return (
    <BulkDialog
      title={title}
      confirmLabel={confirmLabel}
      destructive={destructive}
      disabled={!typedOk}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Text>{message}</Text>
      {typed && (
        <Field.Root>
          <Field.Label>Type {count} to confirm</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={typedText}
            onChange={(e) => setTypedText(e.target.value)}
          />
        </Field.Root>
      )}
    </BulkDialog>
  );
}
