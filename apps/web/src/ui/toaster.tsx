import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
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

// The toasts' own code (their state machine and parts: about 8 KB compressed) loads with the first toast, not with
// the first page (issue 22); toasts created before it arrives are shown as soon as it does.
const ToasterView = lazy(() => import('./toaster-view'));

/** Renders the toasts created through {@link toaster}; mounted once near the root. */
export function Toaster() {
  const hasToasts = useSyncExternalStore(subscribeToToasts, () => toaster.getCount() > 0);
  const [loaded, setLoaded] = useState(hasToasts);
  // Once loaded it stays, so the last toast can play its closing animation.
  if (hasToasts && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

function subscribeToToasts(onChange: () => void): () => void {
  // The store tells its subscribers before it adds the toast: look at the count once it has.
  return toaster.subscribe(() => queueMicrotask(onChange));
}
