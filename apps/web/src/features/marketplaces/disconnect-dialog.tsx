import { Button, Text } from '@chakra-ui/react';
import type { MarketplaceListItem } from '@portal/contracts';
import { AppDialog } from '@/ui/app-dialog';
import { notifyError } from '@/ui/notify-error';
import { useDisconnectMarketplace } from './marketplaces-api';

export interface DisconnectDialogProps {
  marketplace: MarketplaceListItem;
  onClose: () => void;
  onDisconnected: (marketplace: MarketplaceListItem) => void;
}

/** Asks before the portal forgets a connected marketplace, saying what goes and what stays. */
export function DisconnectDialog({ marketplace, onClose, onDisconnected }: DisconnectDialogProps) {
  const disconnect = useDisconnectMarketplace();
  const confirm = async () => {
    try {
      await disconnect.mutateAsync(marketplace.ID);
      onDisconnected(marketplace);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <AppDialog
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && onClose()}
      title={`Disconnect ${marketplace.Name}?`}
      closeLabel={false}
      busy={disconnect.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={disconnect.isPending} onClick={() => void confirm()}>
            Disconnect
          </Button>
        </>
      }
    >
      <Text>
        {`The portal forgets ${marketplace.Name}: its stored API client and its role groups in the portal are ` +
          'removed, and it leaves the tenant switcher. Nothing on the marketplace itself changes; you can connect ' +
          'it again later.'}
      </Text>
    </AppDialog>
  );
}
