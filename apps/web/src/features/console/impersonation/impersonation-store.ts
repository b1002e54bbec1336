import type { ConsoleStorage } from '../lib/console-storage';
import {
  impersonationReducer,
  readImpersonation,
  writeImpersonation,
  type ImpersonationAction,
  type ImpersonationState,
} from '../lib/impersonation-state';

type StoreStorage = ConsoleStorage & Partial<Pick<Storage, 'removeItem'>>;

function browserStorage(): StoreStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Some browsers throw on merely touching `localStorage` when storage is disabled.
    return undefined;
  }
}

/**
 * One shared state per marketplace, so the sidebar panel and the console's request sender see the same context
 * (each calls `useImpersonation()` on its own). The stored copy is read once per marketplace and written on change.
 */
export interface ImpersonationStore {
  get(marketplaceId: string): ImpersonationState;
  dispatch(marketplaceId: string, action: ImpersonationAction): void;
  subscribe(listener: () => void): () => void;
}

export function createImpersonationStore(getStorage: () => StoreStorage | undefined = browserStorage) {
  const states = new Map<string, ImpersonationState>();
  const listeners = new Set<() => void>();
  const store: ImpersonationStore = {
    get(marketplaceId) {
      let state = states.get(marketplaceId);
      if (state === undefined) {
        state = readImpersonation(getStorage(), marketplaceId);
        states.set(marketplaceId, state);
      }
      return state;
    },
    dispatch(marketplaceId, action) {
      const current = store.get(marketplaceId);
      const next = impersonationReducer(current, action);
      if (next === current) return;
      states.set(marketplaceId, next);
      if (next.on !== current.on || next.context !== current.context)
        writeImpersonation(getStorage(), marketplaceId, next);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

let shared = createImpersonationStore();

/** The app-wide store. */
export function impersonationStore(): ImpersonationStore {
  return shared;
}

/** Test support: forget the in-memory states and read storage again (optionally a fake one). */
export function resetImpersonationStore(getStorage?: () => StoreStorage | undefined): void {
  shared = createImpersonationStore(getStorage);
}
