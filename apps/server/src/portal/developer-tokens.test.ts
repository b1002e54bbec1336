import { describe, expect, it } from 'vitest';
import type { BusHandler } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import { createDeveloperTokens } from './developer-tokens.ts';
import type { MarketplaceLink } from './marketplace/link.ts';

/** A marketplace whose mint counts its calls and puts the roles and call number in the token. */
function fakeMarketplace(id = 'mkt1', lifetimeSeconds = 600) {
  const minted: string[][] = [];
  let fail = false;
  const link = {
    kind: 'Hosted',
    id,
    developerToken: async (_username: string, roles: readonly string[]) => {
      minted.push([...roles]);
      if (fail) throw new Error('platform down');
      return {
        access_token: `${id}:${roles.join('+')}:${minted.length}`,
        expires_in: lifetimeSeconds,
        token_type: 'Bearer',
      };
    },
  } as unknown as MarketplaceLink;
  return { link, minted, failNext: (value: boolean) => (fail = value) };
}

function fakeBus() {
  const handlers = new Map<string, BusHandler>();
  return {
    subscribe: (channel: string, handler: BusHandler) => {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
    send: (channel: string, payload?: string) => handlers.get(channel)?.(payload),
  };
}

const ann = { organizationId: 'org-1', username: 'ann@example.com', roles: ['ProductAdmin', 'OrderReader'] };

describe('developer tokens kept per user and role set', () => {
  it('mints once for the same user, roles (in any order) and profile', async () => {
    const tokens = createDeveloperTokens();
    const { link, minted } = fakeMarketplace();
    const first = await tokens.get(link, ann);
    const again = await tokens.get(link, { ...ann, roles: ['OrderReader', 'ProductAdmin'] });
    expect(again.access_token).toBe(first.access_token);
    expect(minted).toHaveLength(1);
  });

  it('never answers another user, organization, marketplace, role set or profile with a kept token', async () => {
    const tokens = createDeveloperTokens();
    const { link, minted } = fakeMarketplace();
    const other = fakeMarketplace('mkt2');
    const first = await tokens.get(link, ann);
    const variants = [
      tokens.get(link, { ...ann, username: 'bob@example.com' }),
      tokens.get(link, { ...ann, organizationId: 'org-2' }),
      tokens.get(link, { ...ann, roles: ['ProductAdmin'] }),
      tokens.get(link, { ...ann, profile: { FirstName: 'Ann' } }),
      tokens.get(other.link, ann),
    ];
    const answers = await Promise.all(variants);
    for (const answer of answers) expect(answer.access_token).not.toBe(first.access_token);
    expect(minted).toHaveLength(5);
  });

  it('counts down expires_in and mints again once half the life is gone', async () => {
    let now = 1_000_000;
    const tokens = createDeveloperTokens({ now: () => now });
    const { link, minted } = fakeMarketplace('mkt1', 600);
    expect((await tokens.get(link, ann)).expires_in).toBe(600);
    now += 200_000;
    const later = await tokens.get(link, ann);
    expect(later.expires_in).toBe(400);
    expect(minted).toHaveLength(1);
    now += 100_001;
    const renewed = await tokens.get(link, ann);
    expect(minted).toHaveLength(2);
    expect(renewed.expires_in).toBe(600);
    expect(renewed.access_token).not.toBe(later.access_token);
  });

  it('keeps no failed mint', async () => {
    const tokens = createDeveloperTokens();
    const { link, minted, failNext } = fakeMarketplace();
    failNext(true);
    await expect(tokens.get(link, ann)).rejects.toThrow('platform down');
    failNext(false);
    await expect(tokens.get(link, ann)).resolves.toHaveProperty('token_type', 'Bearer');
    expect(minted).toHaveLength(2);
  });

  it('drops every kept token when role groups change in any process', async () => {
    const bus = fakeBus();
    const tokens = createDeveloperTokens({ bus });
    const { link, minted } = fakeMarketplace();
    const first = await tokens.get(link, ann);
    bus.send(CHANNELS.portalRoleGroups, 'mkt1');
    expect((await tokens.get(link, ann)).access_token).not.toBe(first.access_token);
    expect(minted).toHaveLength(2);
  });
});
