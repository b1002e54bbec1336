import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toaster } from './toaster-store';

export { TOAST_DURATION_MS, toaster } from './toaster-store';

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
