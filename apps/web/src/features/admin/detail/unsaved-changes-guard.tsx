import { Button, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { AppDialog } from '@/ui/app-dialog';

/**
 * Asks before leaving a changed form, inside the app (a dialog) and when the tab closes or reloads (the browser's
 * own prompt). `when` is read at navigation time, so a save that navigates clears it first.
 */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && when(),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (when()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const open = blocker.state === 'blocked';
  return (
    <AppDialog
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && blocker.reset?.()}
      title="Leave without saving?"
      closeLabel={false}
      footer={
        <>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
            Leave and discard
          </Button>
        </>
      }
    >
      <Text>Your changes to this form have not been saved. If you leave, they are lost.</Text>
    </AppDialog>
  );
}
