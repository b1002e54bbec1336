import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import type { Db } from '../db/database.ts';
import { loadPublicSigningKeys } from './provider-secrets.ts';

export interface AccessTokenVerifier {
  /** The token's claims when the `Authorization: Bearer` header holds a valid access token. */
  verify(authorization: string | undefined): Promise<(JWTPayload & { sub: string }) | undefined>;
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** Key rotations announced by any process: the keys are read again on the next token. */
  bus?: Pick<Bus, 'subscribe'>;
}

/** Keys are read again at most this often when a token names a key we do not know (rotation). */
const RELOAD_INTERVAL_MS = 30_000;

/**
 * Verifies the provider's JWT access tokens with its own signing keys, read from the database
 * (the same keys every process signs with), for routes of the identity and inventory parts.
 *
 * @example
 * const verifier = createAccessTokenVerifier(db, { issuer: config.identityIssuer, audience: config.portalAudience });
 * const claims = await verifier.verify(request.headers.authorization);
 */
export function createAccessTokenVerifier(db: Db, options: VerifierOptions): AccessTokenVerifier {
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let loadedAt = 0;
  options.bus?.subscribe(CHANNELS.identitySigningKeys, () => {
    keySet = undefined;
  });

  async function keys(reload: boolean) {
    if (!keySet || (reload && Date.now() - loadedAt > RELOAD_INTERVAL_MS)) {
      keySet = createLocalJWKSet(await loadPublicSigningKeys(db));
      loadedAt = Date.now();
    }
    return keySet;
  }

  async function check(token: string, reload: boolean) {
    const { payload } = await jwtVerify(token, await keys(reload), {
      issuer: options.issuer,
      audience: options.audience,
      typ: 'at+jwt',
      algorithms: ['RS256'],
    });
    return payload;
  }

  return {
    async verify(authorization) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
      if (!match?.[1]) return undefined;
      try {
        let payload: JWTPayload;
        try {
          payload = await check(match[1], false);
        } catch (error) {
          if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
          payload = await check(match[1], true);
        }
        return typeof payload.sub === 'string' ? { ...payload, sub: payload.sub } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** The 401 answer of a bearer-protected route. */
export function sendUnauthorized(reply: FastifyReply, request: FastifyRequest): FastifyReply {
  return reply.code(401).header('www-authenticate', 'Bearer').send({
    error: 'Unauthorized',
    message: 'Send a valid access token of the identity provider as "Authorization: Bearer <token>".',
    requestId: request.id,
  });
}
