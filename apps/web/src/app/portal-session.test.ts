import type { PreparedDescriptionRef } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The session call and the description pipeline are replaced: what is tested is which description loads when.
const calls = vi.hoisted(() => ({ loads: [] as string[], forgotten: [] as string[], answer: () => {} }));
vi.mock('@/services/portal', () => ({
  createPortalClient: () => ({
    getSession: () =>
      new Promise((resolve) => {
        calls.answer = () => resolve({ Me: {}, Marketplace: {}, DeveloperToken: {}, Description: current });
      }),
    getDescriptionText: () => Promise.resolve('{}'),
  }),
}));
vi.mock('@/description/load-api-description', () => ({
  loadApiDescription: (ref: PreparedDescriptionRef) => {
    calls.loads.push(ref.Url);
    return Promise.resolve({});
  },
  forgetApiDescription: (url: string) => calls.forgotten.push(url),
}));

const ref = (build: string): PreparedDescriptionRef => ({
  Key: '0123456789abcdef',
  BuildNumber: build,
  Url: `/portal-api/descriptions/0123456789abcdef/${build}.json`,
});
let current = ref('1.0.1.1');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startPortalSession', () => {
  beforeEach(() => {
    vi.resetModules();
    calls.loads.length = 0;
    calls.forgotten.length = 0;
    window.history.replaceState(null, '', '/?organization=acme&tenantName=main');
  });
  afterEach(() => window.localStorage.clear());

  it("loads the tenant's last description while the session call is out, then only what the session names", async () => {
    const { startPortalSession } = await import('./portal-session');
    startPortalSession();
    // Nothing remembered yet: the description waits for the session.
    expect(calls.loads).toEqual([]);
    calls.answer();
    await settle();
    expect(calls.loads).toEqual([current.Url]);

    // The next load of the page guesses the same description before the session answers.
    vi.resetModules();
    calls.loads.length = 0;
    const again = await import('./portal-session');
    again.startPortalSession();
    expect(calls.loads).toEqual([current.Url]);
    calls.answer();
    await settle();
    expect(calls.forgotten).toEqual([]);

    // After a deploy the guess is dropped and the new build's description loads.
    vi.resetModules();
    calls.loads.length = 0;
    const previous = current;
    current = ref('1.0.2.2');
    const deployed = await import('./portal-session');
    deployed.startPortalSession();
    expect(calls.loads).toEqual([previous.Url]);
    calls.answer();
    await settle();
    expect(calls.forgotten).toEqual([previous.Url]);
    expect(calls.loads).toEqual([previous.Url, current.Url]);
  });

  it('keeps one guess per organization and tenant', async () => {
    const { startPortalSession } = await import('./portal-session');
    startPortalSession();
    calls.answer();
    await settle();
    vi.resetModules();
    calls.loads.length = 0;
    window.history.replaceState(null, '', '/?organization=acme&tenantName=other');
    const other = await import('./portal-session');
    other.startPortalSession();
    expect(calls.loads).toEqual([]);
  });
});
