import { Link } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { SUPPORT_URL } from '@/lib/support';
import { describeError, isPortalError } from '@/services/portal-error';
import { TOAST_DURATION_MS, toaster } from './toaster';

/** Title and body of an error as the portal shows it (toast or panel), with the support link on a 401. */
export interface ErrorView {
  title: string;
  message: string;
  /** Set for a refused token (spec 1 §8: the 401 text comes with a support link). */
  supportUrl?: string;
}

/**
 * How an error reads in the portal: the texts of {@link describeError}, plus the support link for a 401.
 *
 * @example
 * errorView(errorFromResponse(401, {})).supportUrl; // SUPPORT_URL
 */
export function errorView(error: unknown): ErrorView {
  const { title, message } = describeError(error);
  return isPortalError(error) && error.kind === 'unauthorized'
    ? { title, message, supportUrl: SUPPORT_URL }
    : { title, message };
}

/** The message followed by the support link when there is one; used in toasts and the render gate's panel. */
export function ErrorDescription({ view }: { view: ErrorView }): ReactNode {
  if (!view.supportUrl) return view.message;
  return (
    <>
      {view.message}{' '}
      <Link href={view.supportUrl} target="_blank" rel="noreferrer" textDecoration="underline">
        Contact support
      </Link>
    </>
  );
}

/**
 * Shows an error toast (bottom, 10 s, spec 1 §8). Equal texts share one toast, so several calls failing for one
 * reason (e.g. an expired token) do not stack up identical toasts.
 *
 * @example
 * mutation.mutate(input, { onError: notifyError });
 */
export function notifyError(error: unknown): string {
  const view = errorView(error);
  return toaster.create({
    id: `error:${view.title}:${view.message}`,
    type: 'error',
    title: view.title,
    description: <ErrorDescription view={view} />,
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}

/**
 * Toasts a query's error once when it appears; a new error (after a retry) toasts again.
 *
 * @example
 * useErrorToast(groups.error);
 */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}
