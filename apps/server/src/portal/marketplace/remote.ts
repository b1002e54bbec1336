import type { PrivateAddressPolicy } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import {
  guardedFetch,
  RemoteAddressError,
  RemoteRequestError,
  type GuardedResponse,
} from '../connected/remote-address.ts';
import { platformRoot } from '../connected/probe.ts';
import { recordError, recordReached } from '../connected/store.ts';
import { problemFromPlatform, type PlatformTokenResponse } from '../platform-client.ts';
import { Problem } from '../problems.ts';

/*
 * Calls to a connected marketplace's public API (issue 21): every one through guardedFetch (the address was typed by
 * a user), every failure a Problem with the platform's own message, and the outcome noted on the marketplace's row
 * (last reached / last error) for the Marketplaces table.
 */

/** A connected marketplace's row, without its secret (which is opened only when a token is needed). */
export interface ConnectedRow {
  id: string;
  organizationId: string;
  name: string;
  environment: string;
  apiUrl: string;
  clientId: string;
}

/** State shared by every request of one portal service: tokens and the "last reached" throttle. */
export interface RemoteState {
  db: Db;
  policy: PrivateAddressPolicy;
  timeoutMs: number;
  tokens: Map<string, { token: Promise<PlatformTokenResponse>; renewAt: number }>;
  /** When each marketplace's success was last written, so a busy marketplace costs one write a minute. */
  reachedAt: Map<string, number>;
}

/** How often a success is written to the row at most. */
const REACHED_WRITE_MS = 60_000;
/** An admin token is renewed this long before it expires, so a call never starts with a token about to lapse. */
const RENEW_BEFORE_MS = 60_000;
/** Largest answer read from a remote: an API description is the biggest (a few MiB). */
const MAX_BYTES = 32 * 1024 * 1024;

export function createRemoteState(db: Db, policy: PrivateAddressPolicy, timeoutMs: number): RemoteState {
  return { db, policy, timeoutMs, tokens: new Map(), reachedAt: new Map() };
}

/** Notes a success on the row, at most once a minute per marketplace; a failure to note it never fails the call. */
export async function noteReached(state: RemoteState, id: string): Promise<void> {
  const last = state.reachedAt.get(id) ?? 0;
  if (Date.now() - last < REACHED_WRITE_MS) return;
  state.reachedAt.set(id, Date.now());
  await recordReached(state.db, id).catch(() => state.reachedAt.delete(id));
}

/** Notes why reaching the marketplace failed; the next success is written at once (it clears the error). */
export async function noteError(state: RemoteState, id: string, message: string): Promise<void> {
  state.reachedAt.delete(id);
  await recordError(state.db, id, message).catch(() => undefined);
}

function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export interface RemoteCall {
  method?: 'GET' | 'POST';
  /** A path under the platform root (`/v1/...`, `/oauth/token`) or a whole URL of the same marketplace. */
  path: string;
  /** What is being read, for messages: "API client list". */
  what: string;
  token?: string;
  json?: unknown;
  form?: URLSearchParams;
}

/** One HTTP exchange; unreachable and timed-out marketplaces become 502/504 Problems, noted on the row. */
async function exchange(state: RemoteState, row: ConnectedRow, call: RemoteCall): Promise<GuardedResponse> {
  const url = call.path.startsWith('/') ? `${platformRoot(row.apiUrl)}${call.path}` : call.path;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const body = call.form ? call.form.toString() : call.json === undefined ? undefined : JSON.stringify(call.json);
  try {
    return await guardedFetch(url, {
      method: call.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
      timeoutMs: state.timeoutMs,
      maxBytes: MAX_BYTES,
      policy: state.policy,
    });
  } catch (error) {
    const timedOut = error instanceof RemoteRequestError && error.reason === 'timeout';
    const reason =
      error instanceof RemoteAddressError || error instanceof RemoteRequestError ? ` ${error.message}` : '';
    const message = timedOut
      ? `The marketplace did not answer within ${state.timeoutMs / 1000} seconds (${call.what}).`
      : `The marketplace could not be reached (${call.what}).${reason}`;
    await noteError(state, row.id, message);
    throw new Problem(timedOut ? 504 : 502, message);
  }
}

/**
 * A JSON answer of the marketplace's API. Refusals keep the platform's status and message where the caller can act
 * on them (400, 404, 409, 429); the marketplace failing or refusing the portal's credentials is a 502, noted on the row.
 */
export async function remoteJson<T>(state: RemoteState, row: ConnectedRow, call: RemoteCall): Promise<T> {
  const response = await exchange(state, row, call);
  const body = jsonOf(response.body);
  if (response.status >= 200 && response.status < 300) {
    if (body === undefined && response.body !== '') {
      const message = `The marketplace answered the ${call.what} with something other than JSON.`;
      await noteError(state, row.id, message);
      throw new Problem(502, message);
    }
    await noteReached(state, row.id);
    // A platform-compatible API: its shapes are read as the public platform documents them.
    return body as T;
  }
  // A token the marketplace no longer takes (revoked, keys rotated) is not offered again.
  if (response.status === 401 && call.token) {
    for (const [key, entry] of state.tokens) {
      if (entry.renewAt !== Number.POSITIVE_INFINITY && (await entry.token).access_token === call.token) {
        state.tokens.delete(key);
      }
    }
  }
  if (response.status === 401 || response.status === 403) {
    // The stored client (or its default context user) lacks a role the portal needs: the organization's admin fixes
    // it on the marketplace, so the message names the client and what the platform said.
    const said = platformMessage(body);
    const message =
      `The marketplace refused the portal's API client ${row.clientId} for the ${call.what}` +
      (said ? `: ${said}` : ` (it answered ${response.status}).`);
    await noteError(state, row.id, message);
    throw new Problem(502, message);
  }
  const problem = problemFromPlatform(response.status, body, call.what);
  if (problem.status >= 500) await noteError(state, row.id, problem.message);
  else await noteReached(state, row.id);
  throw problem;
}

/** The first message of the platform's `{ Errors: [{ Message }] }` envelope. */
function platformMessage(body: unknown): string | undefined {
  const errors = (body as { Errors?: unknown } | undefined)?.Errors;
  const first = Array.isArray(errors) ? (errors[0] as { Message?: unknown } | undefined) : undefined;
  return typeof first?.Message === 'string' ? first.Message : undefined;
}

/** The platform's words for a refused token request: `error_description`, or the first message of its envelope. */
function grantMessage(body: unknown): string | undefined {
  const answer = (body ?? {}) as { error_description?: unknown; Errors?: unknown };
  if (typeof answer.error_description === 'string' && answer.error_description) return answer.error_description;
  return platformMessage(body);
}

/**
 * A client credentials grant with the stored API client; `scope` asks for at most those roles (the platform
 * answers only roles the client may have). A refusal is the marketplace's fault or the stored credentials': 502.
 */
export async function grantToken(
  state: RemoteState,
  row: ConnectedRow,
  secret: string,
  scope: readonly string[],
): Promise<PlatformTokenResponse> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: row.clientId,
    client_secret: secret,
  });
  form.set('scope', scope.join(' '));
  const response = await exchange(state, row, { method: 'POST', path: '/oauth/token', what: 'token', form });
  const body = jsonOf(response.body) as Partial<PlatformTokenResponse> | undefined;
  if (response.status === 200 && typeof body?.access_token === 'string') {
    await noteReached(state, row.id);
    return {
      access_token: body.access_token,
      expires_in: typeof body.expires_in === 'number' ? body.expires_in : 0,
      token_type: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
    };
  }
  const said = grantMessage(body);
  const message =
    `The marketplace refused the sign-in of the portal's API client ${row.clientId}` +
    (said ? `: ${said}` : ` (it answered ${response.status}).`) +
    (said && !/[.!?]$/.test(said) ? '.' : '');
  await noteError(state, row.id, message);
  throw new Problem(502, message);
}

/**
 * A token of the stored API client for the portal's own calls (never handed to a browser), reused per
 * marketplace and scope until shortly before it expires.
 */
export async function adminToken(
  state: RemoteState,
  row: ConnectedRow,
  secret: () => Promise<string>,
  scope: readonly string[],
): Promise<string> {
  const key = `${row.id}\n${row.apiUrl}\n${row.clientId}\n${scope.join(' ')}`;
  const cached = state.tokens.get(key);
  if (cached && cached.renewAt > Date.now()) return (await cached.token).access_token;
  // Concurrent calls (a user list reads many companies at once) share one grant; a failed grant is not kept.
  const token = secret().then((clientSecret) => grantToken(state, row, clientSecret, scope));
  const entry = { token, renewAt: Number.POSITIVE_INFINITY };
  state.tokens.set(key, entry);
  try {
    const granted = await token;
    entry.renewAt = Date.now() + Math.max(0, granted.expires_in * 1000 - RENEW_BEFORE_MS);
    return granted.access_token;
  } catch (error) {
    if (state.tokens.get(key) === entry) state.tokens.delete(key);
    throw error;
  }
}
