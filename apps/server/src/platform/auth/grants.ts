import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { PgStore } from '../engine/pg-store.ts';
import {
  accessTokenMinutes,
  authorizeUser,
  checkClient,
  findClient,
  findUserById,
  findUserByUsername,
  refreshTokenMinutes,
  tokenUser,
  type ClientRecord,
  type PlatformUser,
} from './client-access.ts';
import type { AuthDeps, TokenRequest } from './auth-deps.ts';
import { OAuthError, oauthErrors } from './oauth-error.ts';
import { anonymousGrant } from './anonymous.ts';
import { beginSignInAttempt, endSignInAttempt, lockoutPolicy } from './lockout.ts';
import { findRefreshToken, issueRefreshToken } from './refresh-tokens.ts';
import { mintAccessToken, type AccessTokenResponse } from './tokens.ts';
import {
  limitToClient,
  missingRequiredRoles,
  narrowRoles,
  parseScope,
  resolveRoles,
  securityProfilesOf,
} from './user-roles.ts';

export interface IssueOptions {
  /** Requested roles; undefined = every role the user holds. */
  scope: string[] | undefined;
  /** Issue a refresh token too, when the client's RefreshTokenDuration allows it. */
  refresh: boolean;
  impersonatorId?: string | undefined;
}

/**
 * Mints a token for a user already cleared to use the client: roles resolved from the user's
 * security profiles, checked against the client's MinimumRequired* roles, narrowed by the scope and
 * the client's MaximumGranted* roles.
 */
export async function issueUserToken(
  deps: AuthDeps,
  record: ClientRecord,
  user: PlatformUser,
  options: IssueOptions,
): Promise<AccessTokenResponse> {
  const { client, marketplaceId } = record;
  const store = new PgStore(deps.db, deps.registry, marketplaceId);
  const available = await resolveRoles(store, user);
  const missing = missingRequiredRoles(available, client);
  if (missing.length > 0) throw oauthErrors.insufficientRoles(missing);
  const roles = limitToClient(narrowRoles(available, options.scope), client);
  const clientId = String(client.ID);
  const token = await mintAccessToken(
    { keys: deps.keys, baseUrl: deps.baseUrl },
    {
      marketplaceId,
      clientId,
      user: tokenUser(user),
      roles,
      impersonatorId: options.impersonatorId,
      durationMinutes: accessTokenMinutes(client),
    },
  );
  const refreshMinutes = refreshTokenMinutes(client);
  if (!options.refresh || refreshMinutes === 0) return token;
  const subject = {
    userType: user.type,
    userId: user.id,
    username: user.username,
    companyId: user.companyId,
    scope: options.scope,
  };
  const refreshToken = await issueRefreshToken(deps.db, { marketplaceId, clientId, subject, minutes: refreshMinutes });
  return { ...token, refresh_token: refreshToken };
}

/** The client named by `client_id`, active and, when it has a secret, authenticated by `client_secret`. */
async function authenticateClient(deps: AuthDeps, form: TokenRequest): Promise<ClientRecord> {
  const clientId = form.client_id ?? '';
  const record = await findClient(deps.db, clientId);
  if (!record) throw oauthErrors.invalidClientId(clientId);
  checkClient(record.client, form.client_secret);
  return record;
}

// Checking a password against this when the username is unknown keeps both failures equally slow,
// so response times do not reveal which usernames exist.
let decoyHash: Promise<string> | undefined;

async function passwordGrant(deps: AuthDeps, form: TokenRequest): Promise<AccessTokenResponse> {
  const record = await authenticateClient(deps, form);
  const { username, password } = form;
  if (!username || !password) throw oauthErrors.credentialsRequired();
  const user = await findUserByUsername(deps.db, record.marketplaceId, username);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const store = new PgStore(deps.db, deps.registry, record.marketplaceId);
  // Only an existing account counts attempts (auth/lockout.ts): guessing at unknown usernames locks nobody.
  if (user) {
    const policy = lockoutPolicy(await securityProfilesOf(store, user));
    if (!(await beginSignInAttempt(deps.db, record.marketplaceId, user, policy))) throw oauthErrors.lockedOut();
  }
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !user.passwordHash || !valid) throw oauthErrors.invalidCredentials();
  await endSignInAttempt(deps.db, record.marketplaceId, user);
  await authorizeUser(store, record.client, user);
  return issueUserToken(deps, record, user, { scope: parseScope(form.scope), refresh: true });
}

async function clientCredentialsGrant(deps: AuthDeps, form: TokenRequest): Promise<AccessTokenResponse> {
  const record = await authenticateClient(deps, form);
  const { client } = record;
  if (typeof client.ClientSecret !== 'string' || client.ClientSecret === '') {
    // Without a secret this grant is the anonymous-shopper flow (Auth.Anonymous), on clients made for it.
    if (client.IsAnonBuyer === true) return anonymousGrant(deps, record, form);
    throw new OAuthError(
      'invalid_client',
      'Auth.InvalidClientSecret',
      'The client credentials grant needs an API client with a ClientSecret.',
    );
  }
  const username = client.DefaultContextUserName;
  if (typeof username !== 'string' || username === '') {
    throw new OAuthError('invalid_grant', 'Auth.UserNotFound', 'The API client has no default context user.');
  }
  const user = await findUserByUsername(deps.db, record.marketplaceId, username);
  if (!user) throw new OAuthError('invalid_grant', 'Auth.UserNotFound', 'User not found.', { Username: username });
  await authorizeUser(new PgStore(deps.db, deps.registry, record.marketplaceId), client, user);
  return issueUserToken(deps, record, user, { scope: parseScope(form.scope), refresh: true });
}

async function refreshTokenGrant(deps: AuthDeps, form: TokenRequest): Promise<AccessTokenResponse> {
  const record = await authenticateClient(deps, form);
  const refreshToken = form.refresh_token ?? '';
  const grant = await findRefreshToken(deps.db, refreshToken);
  if (!grant || grant.clientId !== String(record.client.ID) || grant.marketplaceId !== record.marketplaceId) {
    throw oauthErrors.invalidRefreshToken();
  }
  const { subject } = grant;
  const user = await findUserById(deps.db, grant.marketplaceId, subject.userType, subject.companyId, subject.userId);
  if (!user) throw oauthErrors.invalidRefreshToken();
  await authorizeUser(new PgStore(deps.db, deps.registry, record.marketplaceId), record.client, user);
  // The refresh token keeps its original expiry; the client goes on using the same one.
  const token = await issueUserToken(deps, record, user, { scope: subject.scope, refresh: false });
  return { ...token, refresh_token: refreshToken };
}

const GRANTS: Readonly<Record<string, (deps: AuthDeps, form: TokenRequest) => Promise<AccessTokenResponse>>> = {
  password: passwordGrant,
  client_credentials: clientCredentialsGrant,
  refresh_token: refreshTokenGrant,
};

/**
 * Runs one token request (the fields of `POST /oauth/token`). Throws an OAuthError for every
 * refused request.
 */
export async function exchangeToken(deps: AuthDeps, form: TokenRequest): Promise<AccessTokenResponse> {
  const grantType = form.grant_type;
  if (!grantType) throw new OAuthError('invalid_request', 'Auth.GrantTypeRequired', 'grant_type is required.');
  const grant = Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
  if (!grant) {
    throw new OAuthError(
      'unsupported_grant_type',
      'Auth.UnsupportedGrantType',
      `Unsupported grant_type: ${grantType}.`,
      {
        SupportedGrantTypes: Object.keys(GRANTS),
      },
    );
  }
  return grant(deps, form);
}
