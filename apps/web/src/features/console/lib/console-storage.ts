/** The subset of `Storage` the helpers need, so tests can pass a fake or a throwing one. */
export type ConsoleStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Spec §2: the console opens on the Me resource when nothing is remembered. */
export const DEFAULT_RESOURCE_ID = 'Me';

/** What the console remembers per marketplace (spec §3 Console state). */
export interface ConsoleState {
  readonly resourceId: string;
  readonly operationId: string | null;
  readonly jsonMode: boolean;
}

export const DEFAULT_CONSOLE_STATE: ConsoleState = {
  resourceId: DEFAULT_RESOURCE_ID,
  operationId: null,
  jsonMode: false,
};

/** One key per marketplace, so switching marketplaces does not carry a selection that may not exist there. */
export function consoleStorageKey(marketplaceId: string): string {
  return `portal-console:${marketplaceId}`;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The resource part of a `Resource.Method` operation id. */
export function resourceOfOperation(operationId: string): string {
  const dot = operationId.indexOf('.');
  return dot > 0 ? operationId.slice(0, dot) : operationId;
}

/**
 * The remembered state; anything unreadable (missing, corrupt JSON, wrong types, storage disabled) falls back to the
 * default field by field, so one bad field does not lose the rest.
 */
export function readConsoleState(storage: ConsoleStorage | undefined, marketplaceId: string): ConsoleState {
  let raw: string | null;
  try {
    raw = storage?.getItem(consoleStorageKey(marketplaceId)) ?? null;
  } catch {
    // Storage can throw when disabled by privacy settings; the console still works without memory.
    return DEFAULT_CONSOLE_STATE;
  }
  if (raw === null) return DEFAULT_CONSOLE_STATE;

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_CONSOLE_STATE;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return DEFAULT_CONSOLE_STATE;

  const record = parsed as Record<string, unknown>;
  const resourceId = nonEmptyString(record.resourceId) ?? DEFAULT_RESOURCE_ID;
  const operationId = nonEmptyString(record.operationId);
  return {
    resourceId,
    // An operation of another resource would open a form that does not match the sidebar, so it is dropped.
    operationId: operationId !== null && resourceOfOperation(operationId) === resourceId ? operationId : null,
    jsonMode: record.jsonMode === true,
  };
}

/** Stores the state; a full or disabled storage only loses the memory, never the request. */
export function writeConsoleState(
  storage: ConsoleStorage | undefined,
  marketplaceId: string,
  state: ConsoleState,
): void {
  try {
    storage?.setItem(consoleStorageKey(marketplaceId), JSON.stringify(state));
  } catch {
    // Quota exceeded or storage disabled: remembering the selection is a convenience only.
  }
}

/** The `resourceId`/`operationId` query parameters of a console link, trimmed; blank ones are absent. */
export function selectionFromSearch(search: string | URLSearchParams): { resourceId?: string; operationId?: string } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const resourceId = nonEmptyString(params.get('resourceId'));
  const operationId = nonEmptyString(params.get('operationId'));
  return {
    ...(resourceId === null ? {} : { resourceId }),
    ...(operationId === null ? {} : { operationId }),
  };
}

/**
 * Merges a link's selection into the remembered state and stores it as the last selection. An operation id alone
 * implies its resource; a resource alone clears an operation that belongs to another resource.
 *
 * @example
 * applySearchSelection(localStorage, 'mkt', '?operationId=Products.List'); // { resourceId: 'Products', ... }
 */
export function applySearchSelection(
  storage: ConsoleStorage | undefined,
  marketplaceId: string,
  search: string | URLSearchParams,
): ConsoleState {
  const current = readConsoleState(storage, marketplaceId);
  const selection = selectionFromSearch(search);
  if (selection.resourceId === undefined && selection.operationId === undefined) return current;

  const resourceId = selection.resourceId ?? resourceOfOperation(selection.operationId ?? '');
  const candidate = selection.operationId ?? current.operationId;
  const operationId = candidate !== null && resourceOfOperation(candidate) === resourceId ? candidate : null;
  const next: ConsoleState = { ...current, resourceId, operationId };
  writeConsoleState(storage, marketplaceId, next);
  return next;
}
