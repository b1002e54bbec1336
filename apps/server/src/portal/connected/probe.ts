import type { PrivateAddressPolicy } from '../../config.ts';
import {
  guardedFetch,
  RemoteAddressError,
  RemoteRequestError,
  resolveRemoteAddress,
  type GuardedResponse,
  type Resolver,
} from './remote-address.ts';

/*
 * The checks run before a marketplace is connected (and when its secret changes), in order, each saying in plain
 * words what failed: the address is one the portal may call and answers `GET {root}/env` like a platform; the
 * client credentials grant works at `{root}/oauth/token`; the token's roles cover what the organization's role
 * groups may hand out. `{root}` is the API base URL without its `/v1`, as on the public platform
 * (https://api.example.com/v1 → https://api.example.com/env) and on ours (…/platform/v1 → …/platform/env).
 */

export type ProbeStep = 'address' | 'platform' | 'credentials';

export type ProbeResult =
  | {
      ok: true;
      /** What the marketplace's `/env` says it is (e.g. Sandbox) and its build, which versions its API description. */
      environment: string;
      buildNumber: string;
      /** Roles the role groups may hand out that the client's token lacks (connecting is still allowed). */
      missingRoles: string[];
      /** Sentences to show beside the success, e.g. the missing roles. */
      warnings: string[];
    }
  | { ok: false; step: ProbeStep; message: string };

export interface ProbeInput {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Every platform role the organization's role groups may hand out. */
  roles: readonly string[];
}

export interface ProbeOptions {
  policy: PrivateAddressPolicy;
  timeoutMs?: number;
  resolve?: Resolver;
}

/** The API base URL without a trailing `/v1`: where `/env` and `/oauth/token` live. */
export function platformRoot(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '').replace(/\/v1$/i, '');
}

const failed = (step: ProbeStep, message: string): ProbeResult => ({ ok: false, step, message });

/** Runs the checks; never throws for anything the remote or the input does. */
export async function probeMarketplace(input: ProbeInput, options: ProbeOptions): Promise<ProbeResult> {
  let root: string;
  try {
    root = platformRoot((await resolveRemoteAddress(input.apiUrl, options.policy, options.resolve)).url.href);
  } catch (error) {
    return failed('address', messageOf(error));
  }
  const request = { policy: options.policy, resolve: options.resolve, timeoutMs: options.timeoutMs ?? 10_000 };

  let env: GuardedResponse;
  try {
    env = await guardedFetch(`${root}/env`, { ...request, maxBytes: 64 * 1024 });
  } catch (error) {
    // Not reached at all (refused, timed out, redirected away) is the address's fault; too much text is not a platform.
    const unreachable =
      error instanceof RemoteAddressError || (error instanceof RemoteRequestError && error.reason !== 'too-large');
    return failed(unreachable ? 'address' : 'platform', messageOf(error));
  }
  const facts = platformFacts(env);
  if (!facts) {
    return failed(
      'platform',
      `${new URL(root).host} answered, but not like a marketplace platform: ${root}/env did not give the platform's ` +
        'build facts. Check the API base URL (it usually ends in /v1).',
    );
  }

  const token = await requestToken(root, input, request);
  if (typeof token === 'string') return failed('credentials', token);

  const granted = new Set(token);
  const missingRoles = [...new Set(input.roles)].filter((role) => !granted.has(role));
  const warnings =
    missingRoles.length === 0
      ? []
      : [
          `The API client's token lacks ${missingRoles.length === 1 ? 'a role' : 'roles'} the role groups may hand out: ` +
            `${missingRoles.join(', ')}. People in those role groups will not get ${missingRoles.length === 1 ? 'it' : 'them'} ` +
            'on this marketplace until the client (or its default context user) has them.',
        ];
  return { ok: true, environment: facts.environment, buildNumber: facts.buildNumber, missingRoles, warnings };
}

/** `/env`'s build facts, or undefined when the answer is not a platform's (a web page, a health check, a 404). */
function platformFacts(response: GuardedResponse): { environment: string; buildNumber: string } | undefined {
  if (response.status !== 200) return undefined;
  const body = jsonOf(response.body);
  if (!body || typeof body !== 'object') return undefined;
  const { BuildNumber, Environment, Commit } = body as Record<string, unknown>;
  // BuildNumber versions the API description the portal caches; Commit and Environment complete the signature.
  if (typeof BuildNumber !== 'string' || BuildNumber === '') return undefined;
  if (typeof Environment !== 'string' || typeof Commit !== 'string') return undefined;
  return { environment: Environment, buildNumber: BuildNumber };
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The token's roles, or a sentence saying why the grant failed. */
async function requestToken(
  root: string,
  input: ProbeInput,
  request: { policy: PrivateAddressPolicy; resolve?: Resolver; timeoutMs: number },
): Promise<string[] | string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: input.clientId,
    client_secret: input.clientSecret,
  });
  // Asking for exactly the roles the role groups hand out, as the developer token will; nothing asked = all held.
  if (input.roles.length > 0) form.set('scope', [...new Set(input.roles)].join(' '));
  let response: GuardedResponse;
  try {
    response = await guardedFetch(`${root}/oauth/token`, {
      ...request,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      maxBytes: 64 * 1024,
      // A token endpoint answers directly; a redirect means the address is not the platform's.
      maxRedirects: 0,
    });
  } catch (error) {
    return messageOf(error);
  }
  const body = jsonOf(response.body);
  if (response.status === 200) {
    const roles = rolesOfToken(body);
    return roles ?? 'The marketplace answered the sign-in of the API client without a readable access token.';
  }
  return grantRefusal(response.status, body, input.clientId);
}

/** The `role` claim of the access token in a token answer (one role is a plain string). */
function rolesOfToken(body: unknown): string[] | undefined {
  const token = (body as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string') return undefined;
  // Read, not verified: the roles only inform the admin; every call the portal makes with it is checked remotely.
  const payload = jsonOf(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (!payload || typeof payload !== 'object') return undefined;
  const role = (payload as { role?: unknown }).role;
  if (role === undefined) return [];
  if (typeof role === 'string') return [role];
  return Array.isArray(role) ? role.filter((item): item is string => typeof item === 'string') : undefined;
}

/** The platform's refusal of the grant in plain words, one sentence per cause an admin can fix. */
function grantRefusal(status: number, body: unknown, clientId: string): string {
  const answer = (body ?? {}) as { error?: unknown; error_description?: unknown; Errors?: unknown };
  const first = Array.isArray(answer.Errors) ? (answer.Errors[0] as { ErrorCode?: unknown; Data?: unknown }) : {};
  const code = typeof first?.ErrorCode === 'string' ? first.ErrorCode : '';
  const description = typeof answer.error_description === 'string' ? answer.error_description : '';
  if (code === 'ApiClient.InvalidClientID' || /invalid client id/i.test(description)) {
    return `The marketplace has no API client with the ID ${clientId}.`;
  }
  if (code === 'Auth.InvalidClientSecret' || /client secret/i.test(description)) {
    return 'The client secret does not match the API client (or the client has no secret).';
  }
  if (code === 'Auth.ClientNotActive') return 'The API client is not active on the marketplace.';
  if (/default context user/i.test(description)) {
    return 'The API client has no default context user: set one on the client, the portal acts as that user.';
  }
  if (code === 'Auth.UserNotFound') {
    return "The API client's default context user does not exist on the marketplace.";
  }
  if (code === 'Auth.UserNotActive') return "The API client's default context user is not active.";
  if (code === 'Auth.InsufficientRoles') {
    return "The API client's default context user lacks roles the API client requires.";
  }
  if (code === 'Auth.ClientNotAuthorized') {
    return `The API client may not sign in its default context user${description ? `: ${description}` : '.'}`;
  }
  if (typeof answer.error === 'string') {
    return `The marketplace refused the API client's sign-in${description ? `: ${description}` : '.'}`;
  }
  return `The marketplace's sign-in address did not work (it answered ${status}). Check the API base URL.`;
}

function messageOf(error: unknown): string {
  if (error instanceof RemoteAddressError || error instanceof RemoteRequestError) return error.message;
  return 'The portal could not call the marketplace.';
}
