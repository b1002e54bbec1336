import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

/** Removing a property asks first (spec 2 §4); `name` null keeps the dialog closed. */
export function RemovePropertyDialog(props: {
  name: string | null;
  singular: string;
  onConfirm: (name: string) => void;
  onClose: () => void;
}) {
  const { name, singular, onConfirm, onClose } = props;
  return (
    <Dialog.Root role="alertdialog" open={name !== null} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Remove property {name}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                xp.{name} is removed from this {singular.toLowerCase()} when you save it, and from the form of every{' '}
                {singular.toLowerCase()} that does not hold it.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="button"
                colorPalette="red"
                onClick={() => {
                  if (name !== null) onConfirm(name);
                  onClose();
                }}
              >
                Remove
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
