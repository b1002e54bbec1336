import { CONNECT_CHECKS, type ConnectMarketplaceInput } from '@portal/contracts';
import type { PrivateAddressPolicy } from '../../config.ts';
import { badRequest, Problem } from '../problems.ts';
import { DEFAULT_ROLE_GROUPS } from '../role-groups.ts';
import { probeMarketplace, type ProbeResult } from './probe.ts';
import { SecretKeyMissingError, type SecretBox } from './secret-box.ts';
import { ConnectedInputError } from './store.ts';

/*
 * What the Marketplaces routes say when input or a connection check is refused: a 400 whose `errors` name the
 * contract's form fields (ConnectMarketplaceInput), and whose `detail` starts with the failed check's title.
 */

type FormField = keyof ConnectMarketplaceInput;

/** The store's labels (the form's words) to the contract's field names. */
const FIELD_OF_LABEL: Record<ConnectedInputError['field'], FormField> = {
  Name: 'Name',
  Environment: 'Environment',
  'API base URL': 'ApiUrl',
  'Client ID': 'ClientID',
  'Client secret': 'ClientSecret',
};

/** A ConnectedInputError as the 400 the form shows beside its field; anything else is thrown as it is. */
export function inputProblem(error: unknown): unknown {
  if (!(error instanceof ConnectedInputError)) return error;
  return badRequest(error.message, [{ field: FIELD_OF_LABEL[error.field], message: error.message }]);
}

/** Runs `work`, answering a ConnectedInputError as a 400 naming the form field. */
export async function withInputProblems<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw inputProblem(error);
  }
}

/**
 * The platform roles a new marketplace's role groups may hand out (their defaults): what the API client's token is
 * asked for. Connecting with fewer is allowed, with the probe's warning.
 */
export const NEW_MARKETPLACE_ROLES: readonly string[] = [
  ...new Set(DEFAULT_ROLE_GROUPS.flatMap((group) => group.OcRoles)),
];

/** The form field an admin changes when a check fails: the address, or the client (its id or its secret). */
function fieldOfRefusal(step: ProbeResult & { ok: false }): FormField {
  if (step.step !== 'credentials') return 'ApiUrl';
  // Only a secret mismatch is fixed by another secret; an unknown, inactive or user-less client by another client.
  return /client secret/i.test(step.message) ? 'ClientSecret' : 'ClientID';
}

export function refusalProblem(refusal: ProbeResult & { ok: false }): Problem {
  const title = CONNECT_CHECKS.find((check) => check.step === refusal.step)?.title ?? 'Connection check';
  return badRequest(`${title}: ${refusal.message}`, [{ field: fieldOfRefusal(refusal), message: refusal.message }]);
}

/** Runs the connection checks; a refusal is thrown as its 400, a pass answers the warnings to show. */
export async function passChecks(
  input: { apiUrl: string; clientId: string; clientSecret: string; roles: readonly string[] },
  policy: PrivateAddressPolicy,
): Promise<string[]> {
  const result = await probeMarketplace(input, { policy });
  if (!result.ok) throw refusalProblem(result);
  return result.warnings;
}

/** The secret box, or a 503 saying what the operator must set (PORTAL_SECRETS_KEY on PostgreSQL). */
export async function openSecretBox(load: () => Promise<SecretBox>): Promise<SecretBox> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof SecretKeyMissingError) throw new Problem(503, error.message);
    throw error;
  }
}
