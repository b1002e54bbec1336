import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { listSigningKeys, type SigningKeys } from '../auth/signing-keys.ts';

export interface SigningKeyRouteDeps {
  db: Db;
  keys: SigningKeys;
}

/**
 * The platform's token signing keys (ARCHITECTURE §4.6): `GET /signingkeys` lists them, the signing
 * one first; `POST /signingkeys/rotate` makes a new key sign from now on. Tokens signed before keep
 * working until they expire (their keys keep verifying and stay published at `/oauth/certs/{kid}`),
 * every process moves to the new key without a restart, and retired keys whose every token has
 * expired are removed. The same as `npm run rotate-keys`.
 */
export function registerSigningKeyRoutes(app: FastifyInstance, deps: SigningKeyRouteDeps): void {
  app.get('/signingkeys', async () => ({
    Items: (await listSigningKeys(deps.db)).map((key) => ({
      ID: key.kid,
      DateCreated: key.createdAt,
      DateRetired: key.retiredAt,
      TokensExpireBy: key.tokensExpireBy,
      Signing: key.signing,
    })),
  }));

  app.post('/signingkeys/rotate', async () => {
    const result = await deps.keys.rotate();
    return { SigningKeyID: result.kid, Retired: result.retired, Removed: result.removed };
  });
}
