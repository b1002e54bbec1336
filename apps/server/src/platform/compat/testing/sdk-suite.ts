import { Auth, Buyers, SecurityProfiles, Tokens, Users, type ApiRole } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ADMIN, resetSdk, startCompatServer, type CompatServer } from './sdk-harness.ts';

/*
 * The set-up every SDK suite (sdk-*.test.ts) shares. The suites drive the real server with the
 * published ordercloud-javascript-sdk, unchanged: every call under test goes through the SDK, so what
 * passes there is what an OrderCloud app sees. The SDK keeps its configuration and tokens in module
 * state; Vitest gives each test file modules of its own, so within a file the tests run in order
 * with a reset before each, and the files do not share SDK state.
 */

/** The compat server of one test file, as its tests and hooks see it. */
export interface CompatSuite {
  /** What the SDK calls `baseApiUrl` (see `CompatServer`). */
  readonly baseApiUrl: string;
}

/**
 * Starts the compat server before the file's tests (and its own `beforeAll` hooks), stops it after
 * them, and resets the SDK before each test. Call it once, at the top of a test file.
 */
export function useCompatServer(): CompatSuite {
  let compat: CompatServer | undefined;
  const current = () => {
    if (!compat) throw new Error('The compat server is started in beforeAll: use it in tests and hooks only.');
    return compat;
  };
  beforeAll(async () => {
    compat = await startCompatServer();
  });
  afterAll(async () => {
    await compat?.dispose();
  });
  beforeEach(() => {
    resetSdk(current().baseApiUrl);
  });
  return {
    get baseApiUrl() {
      return current().baseApiUrl;
    },
  };
}

/** Signs the admin in through the SDK and stores the token the way an app does. */
export async function signInAsAdmin(roles: ApiRole[] = ['FullAccess']): Promise<string> {
  const auth = await Auth.Login(ADMIN.username, ADMIN.password, ADMIN.clientId, roles);
  Tokens.SetAccessToken(auth.access_token);
  return auth.access_token;
}

/**
 * Through the SDK, as the signed-in admin: an active buyer whose users get `roles` (a security
 * profile assigned to the buyer), and an active user for each username, all with `password`.
 */
export async function createShoppingBuyer(
  buyerId: string,
  usernames: readonly string[],
  password: string,
  roles: ApiRole[] = ['Shopper', 'MeAdmin'],
): Promise<void> {
  await Buyers.Create({ ID: buyerId, Name: buyerId, Active: true });
  await SecurityProfiles.Create({ ID: `${buyerId}-shopping`, Name: 'Shopping', Roles: roles });
  await SecurityProfiles.SaveAssignment({ SecurityProfileID: `${buyerId}-shopping`, BuyerID: buyerId });
  for (const username of usernames) {
    await Users.Create(buyerId, {
      ID: username,
      Username: username,
      Password: password,
      FirstName: username,
      LastName: 'Shopper',
      Email: `${username}@example.com`,
      Active: true,
    });
  }
}
