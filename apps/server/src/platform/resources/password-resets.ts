import { createHash, randomBytes } from 'node:crypto';
import { databaseNow } from '../../cluster/db-clock.ts';
import { hashPassword } from '../../security/passwords.ts';
import { findClient } from '../auth/client-access.ts';
import { secretWithoutLock } from '../auth/lockout.ts';
import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Match, Store } from '../engine/store.ts';
import { validateBody } from '../engine/validate.ts';
import { filled } from '../engine/values.ts';
import { defineModel, model, text, type ModelDefinition } from './fields.ts';
import { homeOf } from './me-access.ts';
import type { AnonymousRequest, OperationContext, OperationDefinition, ResourceDefinition } from './types.ts';

/**
 * Password resets without a token: `SendVerificationCode` stores a code for the user of a client
 * (no e-mail is sent: this platform has no message delivery yet), `ResetPasswordByVerificationCode`
 * spends it. `Me.ResetPasswordByToken` sets the password of a token holding PasswordReset.
 * Certs serves the public signing keys in the description (auth/oauth-routes.ts serves them outside /v1).
 */

const passwordResetRequestModel = defineModel('PasswordResetRequest', {
  ClientID: text(),
  Email: text(),
  Username: text(),
  URL: text(),
});
const passwordResetModel = defineModel('PasswordReset', { ClientID: text(), Username: text(), Password: text(100) });
const tokenPasswordResetModel = defineModel('TokenPasswordReset', { NewPassword: text(100) });
const publicKeyModel = defineModel('PublicKey', {
  kty: text(),
  n: text(),
  e: text(),
  alg: text(),
  use: text(),
  kid: text(),
});

/** Models of these operations' bodies and answers, for the registry. */
export const passwordResetModels: readonly ModelDefinition[] = [tokenPasswordResetModel, passwordResetRequestModel];

/** Storage kind of the pending codes, one per user: a new request replaces the previous code. */
const CODE_KIND = 'PasswordResetCode';
const CODE_MINUTES = 30;
const USER_RESOURCES = ['AdminUsers', 'Users', 'SupplierUsers'] as const;

/** Where codes come from; tests replace `next` to know the code that was "sent". */
export const verificationCodes = { next: (): string => randomBytes(16).toString('base64url') };

/** Only a digest is stored, so reading the database does not give working codes. */
const digest = (code: string) => createHash('sha256').update(code).digest('hex');

const invalidClient = () =>
  validation('ClientID is missing or invalid.', { Property: 'ClientID' }, 'PasswordReset.MissingOrInvalidClientID');
const invalidCode = () =>
  validation('Incorrect verification code or username.', null, 'PasswordReset.InvalidVerification');

/**
 * The database's time when a call was admitted, by its caller. A code's expiry is written and
 * checked by that one clock, so a code lasts its minutes whichever process sent it or spends it;
 * the handlers see only the store, so the time is read here, where the database is at hand.
 */
const admittedAt = new WeakMap<AuthContext, Date>();

function callTime(context: OperationContext): Date {
  const at = admittedAt.get(context.auth);
  if (!at) throw new Error('A password reset call must be admitted by clientCaller.');
  return at;
}

/** The caller of a call without a token: nobody, in the marketplace of the body's active ClientID. */
async function clientCaller({ db, body }: AnonymousRequest): Promise<AuthContext> {
  const clientId = typeof body === 'object' && body !== null ? (body as Item).ClientID : undefined;
  const found = typeof clientId === 'string' ? await findClient(db, clientId) : undefined;
  if (!found || found.client.Active !== true) throw invalidClient();
  const caller = nobody(found.marketplaceId, String(clientId));
  admittedAt.set(caller, await databaseNow(db));
  return caller;
}

/** A caller without a token: a buyer without a company matches no user record and holds no roles. */
function nobody(marketplaceId: string, clientId: string): AuthContext {
  return {
    marketplaceId,
    clientId,
    username: '',
    userId: '',
    userType: 'buyer',
    companyId: undefined,
    roles: new Set(),
    impersonatorId: undefined,
  };
}

function checkedBody(context: OperationContext, bodyModel: ModelDefinition, required: readonly string[]): Item {
  const { value, errors } = validateBody(context.registry, bodyModel, context.body, { required, previous: undefined });
  if (errors.length > 0) throw ApiError.many(400, errors);
  return value;
}

async function sendVerificationCode(context: OperationContext): Promise<void> {
  const body = checkedBody(context, passwordResetRequestModel, ['ClientID']);
  const match: Match | undefined = filled(body.Username)
    ? { Username: body.Username }
    : filled(body.Email)
      ? { Email: body.Email }
      : undefined;
  if (!match) {
    throw validation('Username or Email is required.', null, 'PasswordReset.MissingUsernameOrEmail');
  }
  const expires = new Date(callTime(context).getTime() + CODE_MINUTES * 60_000).toISOString();
  for (const resource of USER_RESOURCES) {
    for (const found of await context.store.find(resource, undefined, match)) {
      if (found.item.Active !== true) continue;
      const record = {
        UserResource: resource,
        CompanyID: found.parents[0] ?? '',
        UserID: found.id,
        Username: found.item.Username ?? null,
        ClientID: context.auth.clientId,
        CodeDigest: digest(verificationCodes.next()),
        Expires: expires,
      };
      await context.store.saveAssignment(CODE_KIND, [], ['UserResource', 'CompanyID', 'UserID'], record);
    }
  }
  // Answering the same whether or not a user matched keeps the call from telling which accounts exist.
}

async function setPassword(store: Store, resource: string, parents: string[], id: string, password: unknown) {
  if (!filled(password)) throw validation('Password is required.', { Property: 'Password' });
  const user = await store.require(resource, parents, id, 'User');
  const secret = secretWithoutLock(await store.getSecret(resource, parents, id)) ?? {};
  // A new password ends a lockout (auth/lockout.ts), as it does when an admin sets one.
  // PasswordLastSetDate is data shown to admins, compared with no deadline: this process's clock will do.
  const next = { ...user, PasswordLastSetDate: new Date().toISOString(), FailedLoginAttempts: 0 };
  await store.put(resource, parents, next, { ...secret, Password: await hashPassword(String(password)) });
}

async function resetByVerificationCode(context: OperationContext): Promise<void> {
  const body = checkedBody(context, passwordResetModel, ['ClientID', 'Username']);
  const code = context.params.verificationCode ?? '';
  const [record] = await context.store.findAssignments(CODE_KIND, [], {
    CodeDigest: digest(code),
    ClientID: context.auth.clientId,
  });
  const sameUser = String(record?.Username ?? '').toLowerCase() === String(body.Username).toLowerCase();
  const expired = !(Date.parse(String(record?.Expires)) >= callTime(context).getTime());
  if (!record || !sameUser || expired) throw invalidCode();
  const parents = record.UserResource === 'AdminUsers' ? [] : [String(record.CompanyID)];
  await context.store.transaction(async (tx) => {
    await setPassword(tx, String(record.UserResource), parents, String(record.UserID), body.Password);
    // Single use: the code goes once spent.
    await tx.deleteAssignments(CODE_KIND, [], {
      UserResource: String(record.UserResource),
      UserID: String(record.UserID),
    });
  });
}

async function resetByToken(context: OperationContext): Promise<void> {
  const body = checkedBody(context, tokenPasswordResetModel, ['NewPassword']);
  const home = homeOf(context.auth);
  if (!home) throw notFound('User', context.auth.userId);
  await setPassword(context.store, home.users, home.parents, context.auth.userId, body.NewPassword);
}

async function getPublicKey(context: OperationContext): Promise<unknown> {
  const kid = context.params.ID ?? '';
  const jwk = await context.services?.issuer.keys.publicJwk(kid);
  if (!jwk)
    throw new ApiError(404, 'NotFound', `Signing key not found: ${kid}`, { ObjectType: 'SigningKey', ObjectID: kid });
  return jwk;
}

/** `Me.ResetPasswordByToken`, attached to Me in index.ts. */
export const resetPasswordByTokenOperation: OperationDefinition = {
  name: 'ResetPasswordByToken',
  method: 'POST',
  path: '/me/password',
  roles: ['PasswordReset'],
  summary: 'Reset a password by token.',
  description: 'Sets the password of the user of the access token.',
  body: { schema: model('TokenPasswordReset'), required: ['NewPassword'] },
  response: { status: 204 },
  handler: resetByToken,
};

const passwordResets: ResourceDefinition = {
  name: 'PasswordResets',
  section: 'AuthenticationAndAuthorization',
  description:
    'Resetting a forgotten password with a verification code, without an access token. The code is stored ' +
    `for ${CODE_MINUTES} minutes and works once; this platform sends no e-mail with it.`,
  noun: { singular: 'password reset', plural: 'password resets' },
  path: '/password/reset',
  model: passwordResetModel,
  requiredOnCreate: [],
  roles: { read: [], write: [] },
  operations: [],
  extraOperations: [
    {
      name: 'SendVerificationCode',
      method: 'POST',
      path: '/password/reset',
      roles: [],
      summary: 'Send a verification code.',
      description:
        'Stores a verification code for the active users with this Username (or Email) who may sign in through ' +
        'ClientID. No e-mail is sent. Answers 204 whether or not a user matched.',
      body: { schema: model('PasswordResetRequest'), required: ['ClientID'] },
      response: { status: 204 },
      handler: sendVerificationCode,
      anonymous: clientCaller,
    },
    {
      name: 'ResetPasswordByVerificationCode',
      method: 'PUT',
      path: '/password/reset/{verificationCode}',
      roles: [],
      summary: 'Reset a password by verification code.',
      description: `The code works once, for the user it was sent for, within ${CODE_MINUTES} minutes.`,
      body: { schema: model('PasswordReset'), required: ['ClientID'] },
      response: { status: 204 },
      handler: resetByVerificationCode,
      anonymous: clientCaller,
    },
  ],
};

const certs: ResourceDefinition = {
  name: 'Certs',
  section: 'AuthenticationAndAuthorization',
  description: 'The public halves of the keys access tokens are signed with, to verify tokens.',
  noun: { singular: 'cert', plural: 'certs' },
  path: '/oauth/certs',
  model: publicKeyModel,
  requiredOnCreate: [],
  roles: { read: [], write: [] },
  operations: [],
  extraOperations: [
    {
      name: 'GetPublicKey',
      method: 'GET',
      path: '/oauth/certs/{ID}',
      roles: [],
      summary: 'Get a single cert public key.',
      description: 'Needs no token. Also served at /oauth/certs/{ID} beside the token endpoint, where the SDKs ask.',
      response: { status: 200, schema: model('PublicKey') },
      handler: getPublicKey,
      // The keys are the same for every marketplace, so the call names none.
      anonymous: () => Promise.resolve(nobody('', '')),
    },
  ],
};

/** Certs and PasswordResets. */
export const passwordResetResources: readonly ResourceDefinition[] = [certs, passwordResets];
