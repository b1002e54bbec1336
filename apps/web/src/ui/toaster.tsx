import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { ACTION_BAR_CLEARANCE } from './layout-sizes';

/** Spec 1 §8: toasts stay 10 seconds at the bottom of the page. */
export const TOAST_DURATION_MS = 10_000;

/**
 * At the bottom (spec 1 §8), at the end side where forms have no fields, and above a form's sticky action bar so a
 * 'saved' toast never covers Delete. Several at once overlap into one pile (hover or focus spreads them) instead
 * of climbing over the form.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
  overlap: true,
  max: 5,
  offsets: { top: '1rem', left: '1rem', right: '1rem', bottom: ACTION_BAR_CLEARANCE },
});

/** Renders the toasts created through {@link toaster}; mounted once near the root. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
