import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { CHANNELS } from '../cluster/channels.ts';
import type { Db } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { findUserById, updateUserName, updateUserPassword, type UserRow } from './directory.ts';
import { sendHtml } from './interactions.ts';
import { renderAccount, type AccountView } from './pages/account.ts';
import { renderMessage } from './pages/messages.ts';

export interface AccountDeps {
  provider: Provider;
  db: Db;
  mountPath: string;
  /** The portal's address: the default "Back" link. */
  portalUrl: string;
  /** Origins a `returnTo` link may point at (the portal's). */
  portalOrigins: readonly string[];
  /** Key of the anti-forgery tokens (the provider's cookie key). */
  csrfKey: string;
}

export const MIN_PASSWORD_LENGTH = 10;
const MAX_NAME_LENGTH = 100;

type Form = Record<string, string | undefined> | undefined;
type AccountRequest = FastifyRequest<{ Querystring: { returnTo?: string; updated?: string }; Body: Form }>;

const NOTICES: Record<string, string> = {
  profile: 'Your display name was saved.',
  password: 'Your password was changed.',
};

/**
 * "Manage account" at `/account`: the signed-in user (the provider's session cookie) changes their
 * display name and password. Forms carry a token bound to the session against cross-site posts.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps): void {
  const { provider, db, mountPath, portalUrl } = deps;

  async function signedInUser(request: FastifyRequest, reply: FastifyReply) {
    // The provider's own session lookup reads and verifies the signed session cookie.
    const ctx = provider.createContext(request.raw, reply.raw) as unknown as KoaContextWithOIDC;
    const session = await provider.Session.get(ctx);
    const user = session.accountId ? await findUserById(db, session.accountId) : undefined;
    return user ? { user, csrf: csrfToken(deps.csrfKey, session.uid) } : undefined;
  }

  const returnTo = (value: string | undefined): string => {
    if (!value) return portalUrl;
    const url = URL.parse(value);
    return url && deps.portalOrigins.includes(url.origin) ? url.href : portalUrl;
  };

  const signedOut = (reply: FastifyReply) =>
    sendHtml(
      reply,
      401,
      renderMessage({
        title: 'Manage account',
        message: 'You are signed out. Sign in to the portal, then open Manage account from the user menu.',
        link: { href: portalUrl, label: 'Sign in to Marketplace Portal' },
      }),
    );

  const page = (user: UserRow, csrf: string, back: string, extra: Partial<AccountView> = {}) =>
    renderAccount({ email: user.email, name: user.name, csrf, returnTo: back, mountPath, ...extra });

  app.get('/account', async (request: AccountRequest, reply) => {
    const current = await signedInUser(request, reply);
    if (!current) return signedOut(reply);
    const notice = NOTICES[request.query.updated ?? ''];
    return sendHtml(reply, 200, page(current.user, current.csrf, returnTo(request.query.returnTo), { notice }));
  });

  /** Runs a form post for the signed-in user; `change` answers an error message or undefined when done. */
  function formRoute(
    path: string,
    kind: keyof typeof NOTICES,
    change: (user: UserRow, form: Form) => Promise<string | undefined>,
  ) {
    app.post(path, async (request: AccountRequest, reply) => {
      const current = await signedInUser(request, reply);
      if (!current) return signedOut(reply);
      const back = returnTo(request.body?.returnTo);
      if (!sameToken(request.body?.csrf, current.csrf)) {
        const error = 'This form has expired. Reload the page and try again.';
        return sendHtml(reply, 403, page(current.user, current.csrf, back, { [`${kind}Error`]: error }));
      }
      const error = await change(current.user, request.body);
      if (error) return sendHtml(reply, 400, page(current.user, current.csrf, back, { [`${kind}Error`]: error }));
      const query = new URLSearchParams({ updated: kind, returnTo: back });
      return reply.redirect(`${mountPath}/account?${query}`, 303);
    });
  }

  formRoute('/account/profile', 'profile', async (user, form) => {
    const name = (form?.name ?? '').trim();
    if (!name) return 'Enter a display name.';
    if (name.length > MAX_NAME_LENGTH) return `The display name must not exceed ${MAX_NAME_LENGTH} characters.`;
    await updateUserName(db, user.id, name);
    // Services keeping the profile (the portal's profile cache) in any process read it again.
    await app.bus.publish(CHANNELS.identityProfile, user.id);
    return undefined;
  });

  formRoute('/account/password', 'password', async (user, form) => {
    const current = form?.currentPassword ?? '';
    const next = form?.newPassword ?? '';
    if (!current) return 'Enter your current password.';
    if (!(await verifyPassword(current, user.passwordHash))) return 'The current password is not correct.';
    if (next.length < MIN_PASSWORD_LENGTH) {
      return `The new password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
    }
    if (next !== (form?.confirmPassword ?? '')) return 'The new password and its confirmation do not match.';
    if (next === current) return 'The new password must differ from the current one.';
    await updateUserPassword(db, user.id, await hashPassword(next));
    return undefined;
  });
}

function csrfToken(key: string, sessionUid: string): string {
  return createHmac('sha256', key).update(`account:${sessionUid}`).digest('base64url');
}

function sameToken(sent: string | undefined, expected: string): boolean {
  const a = Buffer.from(sent ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
