import type { Db } from '../../db/database.ts';
import type { Registry } from '../resources/types.ts';
import type { SigningKeys } from './signing-keys.ts';

/** What issuing tokens needs: storage, the registry (for PgStore), the signing keys and `${publicUrl}/platform`. */
export interface AuthDeps {
  db: Db;
  registry: Registry;
  keys: SigningKeys;
  /** The platform base URL, `${publicUrl}/platform`: the tokens' `iss` and `aud`. */
  baseUrl: string;
}

/** The fields of a token request (form-encoded), by name. */
export type TokenRequest = Readonly<Record<string, string | undefined>>;
