import type { Db } from '../db/database.ts';
import type { AllowedRoles } from './allowed-roles.ts';
import type { PlatformClient } from './platform-client.ts';
import { badRequest } from './problems.ts';

/** What the portal's route modules share, built once per plugin instance. */
export interface PortalServices {
  db: Db;
  platform: PlatformClient;
  allowedRoles: AllowedRoles;
}

/** Query values as Fastify parses them: a repeated key becomes a list. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** A single optional text query parameter; a repeated one is refused rather than guessed at. */
export function queryText(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`Give ${name} once.`, [{ field: name, message: `Give ${name} once.` }]);
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** An optional whole-number query parameter within bounds. */
export function queryInteger(query: RawQuery, name: string, min: number, max: number): number | undefined {
  const value = queryText(query, name);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    const message = `${name} must be a whole number from ${min} to ${max}.`;
    throw badRequest(message, [{ field: name, message }]);
  }
  return number;
}
