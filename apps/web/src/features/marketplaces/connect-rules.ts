import {
  CONNECT_CHECKS,
  MARKETPLACE_ENVIRONMENTS,
  type ConnectCheckStep,
  type ConnectMarketplaceInput,
  type MarketplaceEnvironment,
} from '@portal/contracts';
import { isPortalError, type FieldError } from '@/services/portal-error';

/** The form's fields, named as the portal service names them in its field errors. */
export type MarketplaceField = keyof ConnectMarketplaceInput;

/** What the connect form holds while typing; the environment is empty until one is chosen. */
export type ConnectDraft = Omit<ConnectMarketplaceInput, 'Environment'> & { Environment: MarketplaceEnvironment | '' };

export const EMPTY_CONNECT_DRAFT: ConnectDraft = {
  Name: '',
  Environment: '',
  ApiUrl: '',
  ClientID: '',
  ClientSecret: '',
};

/** The labels the form shows, also used to word the required-field messages. */
export const FIELD_LABELS: Record<MarketplaceField, string> = {
  Name: 'Name',
  Environment: 'Environment',
  ApiUrl: 'API base URL',
  ClientID: 'Client ID',
  ClientSecret: 'Client secret',
};

/** Same bounds as the platform's own texts (README: 100 for names and ids, 2,048 for URLs). */
export const MAX_LENGTHS: Record<MarketplaceField, number> = {
  Name: 100,
  Environment: 20,
  ApiUrl: 2048,
  ClientID: 100,
  ClientSecret: 4000,
};

const required = (field: MarketplaceField): FieldError => ({
  field,
  message: `${FIELD_LABELS[field]} is required.`,
});

/**
 * Checks a connect form before it is sent: every field is required and the address must be http(s). The portal
 * service checks the same and more (it reaches the address); this only spares a round trip for the obvious.
 *
 * @example
 * validateConnect({ ...EMPTY_CONNECT_DRAFT, Name: 'Shop' }).map((error) => error.field);
 * // ['Environment', 'ApiUrl', 'ClientID', 'ClientSecret']
 */
export function validateConnect(draft: ConnectDraft): FieldError[] {
  const errors: FieldError[] = [];
  if (!draft.Name.trim()) errors.push(required('Name'));
  if (!(MARKETPLACE_ENVIRONMENTS as readonly string[]).includes(draft.Environment))
    errors.push(required('Environment'));
  if (!draft.ApiUrl.trim()) errors.push(required('ApiUrl'));
  else if (!isHttpUrl(draft.ApiUrl.trim())) {
    errors.push({ field: 'ApiUrl', message: 'Enter an address starting with https:// or http://.' });
  }
  if (!draft.ClientID.trim()) errors.push(required('ClientID'));
  if (!draft.ClientSecret) errors.push(required('ClientSecret'));
  return errors;
}

/** The edit form: a name is required, an empty secret keeps the stored one. */
export function validateEdit(draft: { Name: string }): FieldError[] {
  return draft.Name.trim() ? [] : [required('Name')];
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where a check stands in the checklist the form shows after a refusal. */
export type CheckState = 'passed' | 'failed' | 'not-run';

/** A refused connect or edit, ready to show: which check failed (when the answer names one), why, and where. */
export interface ConnectRefusal {
  step: ConnectCheckStep | null;
  message: string;
  fieldErrors: FieldError[];
}

/**
 * Reads a 400 of `POST`/`PATCH /marketplaces`: its `detail` starts with the failed check's title (CONNECT_CHECKS)
 * and its `errors` name the form field. Anything else (no answer, 401, 403, 5xx) is not a refusal: null, so the
 * caller shows it as any other error.
 *
 * @example
 * refusalOf(errorFromResponse(400, { detail: 'API client check: invalid_client', errors: [] })).step; // 'credentials'
 */
export function refusalOf(error: unknown): ConnectRefusal | null {
  if (!isPortalError(error) || error.status !== 400) return null;
  const detail = error.message;
  const check = CONNECT_CHECKS.find(({ title }) => detail.toLowerCase().startsWith(title.toLowerCase()));
  return { step: check?.step ?? null, message: detail, fieldErrors: [...error.fieldErrors] };
}

/**
 * Each check's state for a refusal at `step`: the ones before it passed, it failed, the ones after did not run.
 *
 * @example
 * checkStates('platform'); // { address: 'passed', platform: 'failed', credentials: 'not-run' }
 */
export function checkStates(step: ConnectCheckStep): Record<ConnectCheckStep, CheckState> {
  const failedAt = CONNECT_CHECKS.findIndex((check) => check.step === step);
  const states = {} as Record<ConnectCheckStep, CheckState>;
  CONNECT_CHECKS.forEach((check, index) => {
    states[check.step] = index < failedAt ? 'passed' : index === failedAt ? 'failed' : 'not-run';
  });
  return states;
}

/** The messages of the field errors about `field`, joined, or undefined when there are none. */
export function errorOf(errors: readonly FieldError[], field: MarketplaceField): string | undefined {
  const messages = errors.filter((error) => error.field === field).map((error) => error.message);
  return messages.length > 0 ? messages.join(' ') : undefined;
}

/** Field errors whose field the form has no box for: the refusal summary lists them instead. */
export function unplacedMessages(errors: readonly FieldError[]): string[] {
  return errors.filter((error) => !(error.field in FIELD_LABELS)).map((error) => error.message);
}
