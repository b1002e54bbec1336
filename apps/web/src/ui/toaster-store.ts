import { createToaster } from '@chakra-ui/react';
import { ACTION_BAR_CLEARANCE } from './layout-sizes';

// The toast store, apart from toaster.tsx, which loads the toasts' view lazily: the view reads this same store.

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
