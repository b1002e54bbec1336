import { Button, Text } from '@chakra-ui/react';
import { AppDialog } from '@/ui/app-dialog';

/** Removing a property asks first (spec 2 §4); `name` null keeps the dialog closed. */
export function RemovePropertyDialog(props: {
  name: string | null;
  singular: string;
  onConfirm: (name: string) => void;
  onClose: () => void;
}) {
  const { name, singular, onConfirm, onClose } = props;
  return (
    <AppDialog
      role="alertdialog"
      open={name !== null}
      onOpenChange={(details) => !details.open && onClose()}
      title={`Remove property ${name}?`}
      closeLabel={false}
      footer={
        <>
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
        </>
      }
    >
      <Text>
        xp.{name} is removed from this {singular.toLowerCase()} when you save it, and from the form of every{' '}
        {singular.toLowerCase()} that does not hold it.
      </Text>
    </AppDialog>
  );
}
