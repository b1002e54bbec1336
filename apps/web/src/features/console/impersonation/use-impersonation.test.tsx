import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import { impersonationStorageKey, type ImpersonationContext } from '../lib/impersonation-state';
import { memoryStorage } from '../lib/test-storage';
import { resetImpersonationStore } from './impersonation-store';
import { chooseConsoleToken, useImpersonation } from './use-impersonation';

const tokenCalls: (ImpersonationContext | null)[] = [];
vi.mock('./impersonation-api', () => ({
  useImpersonationToken: (_marketplaceId: string, context: ImpersonationContext | null) => {
    tokenCalls.push(context);
    return context === null
      ? { data: undefined, status: 'pending' }
      : { data: { access_token: `imp-${context.Username}` }, status: 'success' };
  },
}));

const buyer: ImpersonationContext = {
  ClientId: 'client-1',
  Username: 'buyer01',
  CompanyInteropId: 'acme',
  CommerceRole: 'Buyer',
  CompanyName: 'Acme',
};

let storage: ReturnType<typeof memoryStorage>;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={testPortalContext({ developerToken: 'dev-token' })}>{children}</TestPortal>
    </AppProvider>
  );
}

describe('chooseConsoleToken', () => {
  it('uses the impersonation token only when on and present', () => {
    expect(chooseConsoleToken({ on: true, context: buyer, picking: false }, 'imp', 'dev')).toBe('imp');
    expect(chooseConsoleToken({ on: true, context: buyer, picking: false }, null, 'dev')).toBe('dev');
    expect(chooseConsoleToken({ on: false, context: buyer, picking: false }, 'imp', 'dev')).toBe('dev');
    expect(chooseConsoleToken({ on: false, context: null, picking: false }, 'imp', 'dev')).toBe('dev');
  });
});

describe('useImpersonation', () => {
  beforeEach(() => {
    storage = memoryStorage();
    resetImpersonationStore(() => storage);
    tokenCalls.length = 0;
  });
  afterEach(cleanup);

  it('uses the developer token with no context and the impersonation token once applied', () => {
    const { result } = renderHook(() => useImpersonation(), { wrapper });
    expect(result.current.consoleToken).toBe('dev-token');
    expect(result.current.impersonationToken).toBeNull();

    act(() => result.current.apply(buyer));
    expect(result.current.activeContext).toEqual(buyer);
    expect(result.current.consoleToken).toBe('imp-buyer01');
    expect(storage.data.has(impersonationStorageKey('demo-sandbox-mp'))).toBe(true);
  });

  it('falls back to the developer token while paused and back again on resume', () => {
    const { result } = renderHook(() => useImpersonation(), { wrapper });
    act(() => result.current.apply(buyer));
    act(() => result.current.pause());
    expect(result.current.state.on).toBe(false);
    expect(result.current.activeContext).toBeNull();
    expect(result.current.consoleToken).toBe('dev-token');
    // Paused: the token query is idle (no context passed).
    expect(tokenCalls.at(-1)).toBeNull();

    act(() => result.current.resume());
    expect(result.current.consoleToken).toBe('imp-buyer01');
  });

  it('asks for a new token when the context changes and clears everything on stop', () => {
    const { result } = renderHook(() => useImpersonation(), { wrapper });
    act(() => result.current.apply(buyer));
    act(() => result.current.change());
    expect(result.current.state.picking).toBe(true);
    // The current context keeps working while the picker is open.
    expect(result.current.consoleToken).toBe('imp-buyer01');
    act(() => result.current.apply({ ...buyer, Username: 'buyer02' }));
    expect(tokenCalls.at(-1)?.Username).toBe('buyer02');
    expect(result.current.consoleToken).toBe('imp-buyer02');

    act(() => result.current.stop());
    expect(result.current.state.context).toBeNull();
    expect(result.current.consoleToken).toBe('dev-token');
    expect(storage.data.has(impersonationStorageKey('demo-sandbox-mp'))).toBe(false);
  });

  it('shares one state between callers and restores it from storage', () => {
    const first = renderHook(() => useImpersonation(), { wrapper });
    const second = renderHook(() => useImpersonation(), { wrapper });
    act(() => first.result.current.apply(buyer));
    expect(second.result.current.consoleToken).toBe('imp-buyer01');

    resetImpersonationStore(() => storage);
    const restored = renderHook(() => useImpersonation(), { wrapper });
    expect(restored.result.current.state).toEqual({ on: true, context: buyer, picking: false });
  });
});
