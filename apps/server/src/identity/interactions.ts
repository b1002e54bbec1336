import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { findUserByEmail, recordSignIn, resolveTenantSelection } from './directory.ts';
import { requestedTenant, TENANT_REFUSED } from './grant-policy.ts';
import { PAGE_HEADERS } from './pages/layout.ts';
import { renderMessage } from './pages/messages.ts';
import { INVALID_CREDENTIALS, renderSignIn, type SignInView } from './pages/sign-in.ts';
import { createSignInThrottle, throttledMessage, type SignInThrottle } from './sign-in-throttle.ts';

export interface InteractionDeps {
  provider: Provider;
  db: Db;
  /** Where the part is mounted, e.g. `/identity`. */
  mountPath: string;
  /** The portal's address, offered when a sign-in cannot go on. */
  portalUrl: string;
  portalClientId: string;
  /** Counts failed sign-ins per account and address; the database-backed one unless a test gives another. */
  throttle?: SignInThrottle;
  /** Whether a proxy in front adds X-Forwarded-For (the public URL is https), for the client's address. */
  behindProxy?: boolean;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string } }>;
type SignInRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string | undefined> | undefined }>;

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

// Unknown emails still pay for one hash check, so response times do not reveal which emails exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('not a real password'));

/**
 * The provider's interaction pages at `/interaction/:uid`: the sign-in form, and consent, which
 * for the portal's own web app is given without asking.
 */
export function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  const { provider, db, mountPath, portalUrl } = deps;
  const throttle = deps.throttle ?? createSignInThrottle(db);

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      renderMessage({
        title: 'Sign-in expired',
        message: 'This sign-in has expired or was opened in another browser. Go back to the portal and sign in again.',
        error: true,
        link: { href: portalUrl, label: 'Back to Marketplace Portal' },
      }),
    );

  async function details(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  function signInView(interaction: Interaction, extra: Partial<SignInView> = {}): SignInView {
    const { tenantName } = requestedTenant(interaction.params);
    return { action: `${mountPath}/interaction/${interaction.uid}`, tenantName, ...extra };
  }

  app.get('/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name === 'consent') return consent(request, reply, interaction);
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.reasons.includes(TENANT_REFUSED) && accountId) {
      const selection = await resolveTenantSelection(db, accountId, requestedTenant(interaction.params));
      if (!selection.ok) return sendHtml(reply, 403, renderSignIn(signInView(interaction, refusal(selection.message))));
    }
    return sendHtml(reply, 200, renderSignIn(signInView(interaction)));
  });

  app.post('/interaction/:uid', async (request: SignInRequest, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name !== 'login') return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);
    const email = (request.body?.email ?? '').trim();
    const password = request.body?.password ?? '';
    if (!email || !password) {
      const error = 'Enter your email and password.';
      return sendHtml(reply, 400, renderSignIn(signInView(interaction, { email, error })));
    }
    // Known and unknown accounts take exactly the same path, so no answer tells which emails exist.
    const subjects = { email, address: clientAddress(request, deps.behindProxy === true) };
    const admission = await throttle.admit(subjects);
    const throttled = (waitSeconds: number) =>
      sendHtml(
        reply.header('retry-after', String(waitSeconds)),
        429,
        renderSignIn(signInView(interaction, { email, error: throttledMessage(waitSeconds) })),
      );
    if (!admission.admitted) return throttled(admission.waitSeconds);
    const user = await findUserByEmail(db, email);
    const valid = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyPassword(password, await decoy());
    if (!user || !valid) {
      if (admission.waitSeconds > 0) return throttled(admission.waitSeconds);
      return sendHtml(reply, 401, renderSignIn(signInView(interaction, { email, error: INVALID_CREDENTIALS })));
    }
    await throttle.succeeded(subjects);
    const selection = await resolveTenantSelection(db, user.id, requestedTenant(interaction.params));
    if (!selection.ok) {
      return sendHtml(reply, 403, renderSignIn(signInView(interaction, { email, ...refusal(selection.message) })));
    }
    await recordSignIn(db, user.id);
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });

  const refusal = (message: string): Partial<SignInView> => ({ error: message, portalUrl });

  /** Consent is implied for the portal's own web app: grant what it asked for and carry on. */
  async function consent(request: UidRequest, reply: FastifyReply, interaction: Interaction) {
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || clientId !== deps.portalClientId) return expired(reply);
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missing = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope);
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes);
    }
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.redirect(returnTo, 303);
  }
}

/**
 * The address a sign-in comes from. Behind a proxy (an https public URL means TLS ends at one) every
 * connection is the proxy's, so the last X-Forwarded-For entry, the one the proxy itself appended,
 * names the client; entries before it are whatever the client sent and cannot be trusted.
 */
export function clientAddress(request: FastifyRequest, behindProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  const last = header?.split(',').at(-1)?.trim();
  return behindProxy && last ? last : request.ip;
}

/** Parses HTML form posts for the part's own pages (the provider parses its own bodies). */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
