import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { deleteWarning } from '../../detail/delete-dialog';

/**
 * Unassigning asks first, as every delete does (spec 2 §2 "Assignment pages": 'Are you sure?' and
 * 'Delete {resource} Assignment'); `count` says how many rows the confirmed action removes.
 */
export function ConfirmUnassignDialog(props: {
  noun: string;
  count: number;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { noun, count, open, onCancel, onConfirm } = props;
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onCancel()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Are you sure?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{deleteWarning(`${noun} assignment`)}</Text>
              {count > 1 && <Text mt="2">{count} assignments will be deleted.</Text>}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                Delete {noun} Assignment
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
