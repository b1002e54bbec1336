import { track } from '@/lib/analytics';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import {
  activeImpersonation,
  type ImpersonationAction,
  type ImpersonationContext,
  type ImpersonationState,
} from '../lib/impersonation-state';
import { useImpersonationToken } from './impersonation-api';
import { impersonationStore } from './impersonation-store';

export interface UseImpersonationResult {
  readonly state: ImpersonationState;
  /** The context requests impersonate, or null when there is none or it is paused. */
  readonly activeContext: ImpersonationContext | null;
  /** The impersonation token while impersonation is on and it has loaded, else null. */
  readonly impersonationToken: string | null;
  /** Whether the impersonation token is being fetched or failed (the developer token is used meanwhile). */
  readonly tokenStatus: 'idle' | 'pending' | 'error' | 'success';
  /** Spec §4: the impersonation token when on and present, otherwise the developer token. */
  readonly consoleToken: string;
  apply(context: ImpersonationContext): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** Opens the context picker; the current context keeps working until Apply. */
  change(): void;
  /** Closes the picker without changing anything. */
  cancel(): void;
}

/** The token choice on its own, so it can be reasoned about (and tested) without React. */
export function chooseConsoleToken(
  state: ImpersonationState,
  impersonationToken: string | null,
  developerToken: string,
): string {
  return activeImpersonation(state) !== null && impersonationToken ? impersonationToken : developerToken;
}

/**
 * Impersonation state of the current marketplace, shared by every caller and remembered in local storage.
 *
 * @example
 * const { consoleToken } = useImpersonation(); // send console requests with this token
 */
export function useImpersonation(): UseImpersonationResult {
  const { marketplace, developerToken } = usePortalContext();
  const marketplaceId = marketplace.Id;
  const store = impersonationStore();
  const state = useSyncExternalStore(store.subscribe, () => store.get(marketplaceId));
  const activeContext = activeImpersonation(state);
  const token = useImpersonationToken(marketplaceId, activeContext);
  const impersonationToken = activeContext !== null ? (token.data?.access_token ?? null) : null;
  const dispatch = useCallback(
    (action: ImpersonationAction) => store.dispatch(marketplaceId, action),
    [store, marketplaceId],
  );

  return useMemo<UseImpersonationResult>(
    () => ({
      state,
      activeContext,
      impersonationToken,
      tokenStatus: activeContext === null ? 'idle' : token.status,
      consoleToken: chooseConsoleToken(state, impersonationToken, developerToken),
      apply: (context) => {
        track('impersonation.start');
        dispatch({ type: 'apply', context });
      },
      pause: () => dispatch({ type: 'pause' }),
      resume: () => dispatch({ type: 'resume' }),
      stop: () => dispatch({ type: 'stop' }),
      change: () => dispatch({ type: 'change' }),
      cancel: () => dispatch({ type: 'cancel' }),
    }),
    [state, activeContext, impersonationToken, token.status, developerToken, dispatch],
  );
}
