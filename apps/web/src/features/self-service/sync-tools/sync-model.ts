import type { EntitySyncAttribute, EntitySyncModel, SyncRun, SyncRunStatus } from './sync-types';

// TEXTS: spec 1 §2 "Sync tools" and §8, word for word (the limited-to note gives the spec's meaning).

export const SYNC_TEXTS = {
  unauthorized:
    'You are not authorized to trigger product, order, or entity syncs. Please contact your organization administrator to adjust your permissions.',
  limitedTo: 'This tool is limited to marketplace administrators.',
  noneSelected: 'None selected',
  captchaError: 'Recaptcha Error',
  notFound: 'Not Found',
} as const;

export type SyncKind = 'product' | 'order' | 'entity';

export const SYNC_SUCCESS: Record<SyncKind, string> = {
  product: 'Product sync has successfully been triggered',
  order: 'Order sync has successfully been triggered',
  entity: 'Entity sync has successfully been triggered',
};

// PRODUCT SYNC: spec 1 §5.

export interface ProductSyncValues {
  CatalogID: string;
  CategoryID: string;
}

/** The Catalog ID field's message once it was left (validated on blur), or undefined. */
export function catalogIdError(values: ProductSyncValues): string | undefined {
  return values.CatalogID.trim() === '' ? 'Catalog ID is required' : undefined;
}

// ORDER SYNC: spec 1 §5; the same rule the servers refuse on (@portal/contracts orderSyncDatesError).

export interface OrderSyncValues {
  /** A `datetime-local` value (local time, no zone) or ''. */
  StartDate: string;
  EndDate: string;
}

const localDate = (value: string): Date | undefined => {
  if (value === '') return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
};

/**
 * Why Submit is disabled for these dates (the start later than the end, or in the future), or undefined.
 *
 * @example
 * orderDatesError({ StartDate: '2026-11-02T10:00', EndDate: '2026-11-01T10:00' }, now); // 'The start date must not be later than the end date.'
 */
export function orderDatesError(values: OrderSyncValues, now: Date): string | undefined {
  const start = localDate(values.StartDate);
  const end = localDate(values.EndDate);
  if (values.StartDate !== '' && !start) return 'The start date is not a valid date and time.';
  if (values.EndDate !== '' && !end) return 'The end date is not a valid date and time.';
  if (start && end && start.getTime() > end.getTime()) return 'The start date must not be later than the end date.';
  if (start && start.getTime() > now.getTime()) return 'The start date must not be in the future.';
  return undefined;
}

/** The body of `POST /synchronizeorders`: the local times as ISO instants, empty dates left out. */
export function orderSyncBody(values: OrderSyncValues): { StartDate?: string; EndDate?: string } {
  const start = localDate(values.StartDate);
  const end = localDate(values.EndDate);
  return { ...(start ? { StartDate: start.toISOString() } : {}), ...(end ? { EndDate: end.toISOString() } : {}) };
}

// ENTITY SYNC: spec 1 §2, §5: the form is the entity's non-internal attributes.

/** The attributes the form shows: the server fills the internal ones in. */
export const formAttributes = (model: EntitySyncModel): EntitySyncAttribute[] =>
  model.Attributes.filter((attribute) => !attribute.Internal);

export type EntityValues = Record<string, string | boolean>;

/** Empty values for a model's form: '' for text and numbers, false for booleans. */
export function emptyEntityValues(model: EntitySyncModel): EntityValues {
  return Object.fromEntries(
    formAttributes(model).map((attribute) => [attribute.Name, attribute.Type === 'boolean' ? false : '']),
  );
}

/** The required attributes still empty (Submit waits for them), and integers that are not whole numbers. */
export function entityErrors(model: EntitySyncModel, values: EntityValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const attribute of formAttributes(model)) {
    const value = values[attribute.Name];
    const text = typeof value === 'string' ? value.trim() : '';
    if (attribute.Type === 'boolean') continue;
    if (attribute.Required && text === '') errors[attribute.Name] = `${attribute.DisplayName} is required`;
    else if (attribute.Type === 'integer' && text !== '' && !/^-?\d+$/.test(text))
      errors[attribute.Name] = `${attribute.DisplayName} must be a whole number`;
  }
  return errors;
}

/** The body fields of `POST /{Route}`: one per filled attribute (the server reads them as text). */
export function entitySyncBody(model: EntitySyncModel, values: EntityValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const attribute of formAttributes(model)) {
    const value = values[attribute.Name];
    if (typeof value === 'boolean') body[attribute.Name] = String(value);
    else if (value !== undefined && value.trim() !== '') body[attribute.Name] = value.trim();
  }
  return body;
}

// RUNS: what "recent runs" shows and how often it reads them.

const RUNNING: ReadonlySet<SyncRunStatus> = new Set(['Queued', 'Reading', 'Delivering']);

export const isRunning = (run: SyncRun) => RUNNING.has(run.Status);

/** Recent runs are read every 2 s while one runs (live progress), every 15 s otherwise, as index builds are. */
export const runsPollInterval = (runs: readonly SyncRun[] | undefined) => (runs?.some(isRunning) ? 2_000 : 15_000);

export const RUN_STATUS_LOOK: Record<SyncRunStatus, { label: string; palette: string }> = {
  Queued: { label: 'Queued', palette: 'gray' },
  Reading: { label: 'Reading', palette: 'blue' },
  Delivering: { label: 'Delivering', palette: 'blue' },
  Completed: { label: 'Completed', palette: 'green' },
  CompletedWithErrors: { label: 'Completed with errors', palette: 'orange' },
  Failed: { label: 'Failed', palette: 'red' },
};

/** Share of the run's deliveries that ended, 0-100; null before the run knows how many it sends. */
export function runProgress(run: SyncRun): number | null {
  const { Total, Pending } = run.Deliveries;
  if (Total === 0) return null;
  return Math.round(((Total - Pending) / Total) * 100);
}

/** What the run was asked for, e.g. 'CatalogID: demo-catalog, CategoryID: lamps'. */
export const runParameters = (run: SyncRun) =>
  Object.entries(run.Parameters)
    .filter(([name]) => name !== 'RequestedBy')
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
