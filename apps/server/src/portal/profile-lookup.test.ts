import { describe, expect, it, vi } from 'vitest';
import type { BusHandler } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import { createProfileLookup } from './profile-lookup.ts';

const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('createProfileLookup', () => {
  it('sends the access token and caches the profile per subject', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(answer(200, { email: ' ann@org.test ', name: 'Ann' }));
    const lookup = createProfileLookup('http://identity.test/user', { fetch });
    expect(await lookup('tok', 'sub-1')).toEqual({ email: 'ann@org.test', name: 'Ann' });
    expect(await lookup('tok', 'sub-1')).toEqual({ email: 'ann@org.test', name: 'Ann' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer tok' });
  });

  it('gives nothing for a refusal or a body without email', async () => {
    expect(await createProfileLookup('u', { fetch: vi.fn(answer(401, {})) })('t', 's')).toBeUndefined();
    expect(await createProfileLookup('u', { fetch: vi.fn(answer(200, { name: 'x' })) })('t', 's')).toBeUndefined();
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Promise.reject(new TypeError('fetch failed')));
    await expect(createProfileLookup('u', { fetch })('t', 's')).rejects.toMatchObject({ status: 503 });
  });

  it('reads a profile again once its change is announced on the bus', async () => {
    let name = 'Ann';
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify({ email: 'a@o.test', name })));
    const handlers: BusHandler[] = [];
    const bus = {
      subscribe(channel: string, handler: BusHandler) {
        if (channel === CHANNELS.identityProfile) handlers.push(handler);
        return () => undefined;
      },
    };
    const announce = (subject: string | undefined) => handlers.forEach((handler) => handler(subject));
    const lookup = createProfileLookup('u', { fetch, bus });
    await lookup('t', 'sub-1');
    await lookup('t', 'sub-2');
    name = 'Ann Renamed';
    announce('sub-other');
    expect((await lookup('t', 'sub-1'))?.name).toBe('Ann');
    announce('sub-1');
    expect((await lookup('t', 'sub-1'))?.name).toBe('Ann Renamed');
    expect((await lookup('t', 'sub-2'))?.name).toBe('Ann');
    // Messages may have been missed: everything is read again.
    announce(undefined);
    expect((await lookup('t', 'sub-2'))?.name).toBe('Ann Renamed');
  });
});
