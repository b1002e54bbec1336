import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { METADATA_STORAGE_KEY, oidcSettings, rememberMetadata } from './oidc-settings';

const ORIGIN = 'http://portal.test';
const METADATA = { issuer: `${ORIGIN}/identity`, authorization_endpoint: `${ORIGIN}/identity/auth` };

/** Just what rememberMetadata reads of a UserManager. */
const managerWith = (getMetadata: () => Promise<unknown>, authority = `${ORIGIN}/identity`) =>
  ({ settings: { authority }, metadataService: { getMetadata } }) as unknown as UserManager;

afterEach(() => window.sessionStorage.clear());

describe('the discovery document a tab remembers', () => {
  it('is asked for by the provider once: the next page of the tab starts with it', async () => {
    expect(oidcSettings(ORIGIN, '').metadata).toBeUndefined();
    await rememberMetadata(managerWith(async () => METADATA));
    expect(oidcSettings(ORIGIN, '').metadata).toEqual(METADATA);
  });

  it('serves only the authority it was read from', async () => {
    await rememberMetadata(managerWith(async () => METADATA, 'http://elsewhere.test/identity'));
    expect(oidcSettings(ORIGIN, '').metadata).toBeUndefined();
  });

  it('is ignored when unreadable, and not stored when the provider could not be asked', async () => {
    window.sessionStorage.setItem(METADATA_STORAGE_KEY, '{not json');
    expect(oidcSettings(ORIGIN, '').metadata).toBeUndefined();
    window.sessionStorage.clear();
    await rememberMetadata(
      managerWith(async () => {
        throw new Error('offline');
      }),
    );
    expect(window.sessionStorage.getItem(METADATA_STORAGE_KEY)).toBeNull();
  });
});
