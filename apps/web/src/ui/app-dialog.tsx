import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface AppDialogProps extends Omit<Dialog.RootProps, 'children'> {
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; none for a dialog whose body holds its own actions. */
  footer?: ReactNode;
  /** What opens the dialog, rendered beside it: a plain button for a controlled dialog, or a `Dialog.Trigger`. */
  trigger?: ReactNode;
  /** The corner close button's label, or false for a question that must be answered with the footer's buttons. */
  closeLabel?: string | false;
  /** Makes header, body and footer one form, so Enter submits this dialog rather than a form behind it. */
  onSubmit?: () => void;
  /** Laid over the content (a busy overlay). */
  overlay?: ReactNode;
  busy?: boolean;
}

/** The portal's one dialog frame: backdrop, title, body, footer and close button, as every dialog lays them out. */
export function AppDialog(props: AppDialogProps) {
  const { title, children, footer, trigger, closeLabel = 'Close', onSubmit, overlay, busy, ...root } = props;
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
    </>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onSubmit?.();
  };
  return (
    <Dialog.Root {...root}>
      {trigger}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-busy={busy}>
            {onSubmit ? (
              <form noValidate onSubmit={submit}>
                {sections}
              </form>
            ) : (
              sections
            )}
            {overlay}
            {closeLabel !== false && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
