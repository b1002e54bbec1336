import { canCall } from '@/access/access';
import { getOperation, type ApiDescription, type ApiResource } from '@/description/api-model';
import { DEFAULT_CONSOLE_STATE, type ConsoleState } from './console-storage';

// By id only: the console stores ids, and a tag name that happens to match must not be taken for one.
function resourceById(description: ApiDescription, resourceId: string): ApiResource | undefined {
  return Object.hasOwn(description.resourcesById, resourceId) ? description.resourcesById[resourceId] : undefined;
}

/** A remembered or linked selection checked against the marketplace's API description. */
export interface CheckedSelection {
  readonly state: ConsoleState;
  /** The id that is not in the description (a stale memory or a bad link), so the page can say so. */
  readonly unknownId: string | null;
}

/**
 * Keeps what the description has and drops what it lacks: remembered ids can outlive a description update, and a
 * link can name anything. An unknown resource falls back to the default (Me); an unknown operation is cleared.
 *
 * @example
 * checkSelection(api, { resourceId: 'Gone', operationId: null, jsonMode: true });
 * // { state: { resourceId: 'Me', operationId: null, jsonMode: true }, unknownId: 'Gone' }
 */
export function checkSelection(description: ApiDescription, state: ConsoleState): CheckedSelection {
  if (!resourceById(description, state.resourceId)) {
    return {
      state: { ...state, resourceId: DEFAULT_CONSOLE_STATE.resourceId, operationId: null },
      unknownId: state.operationId ?? state.resourceId,
    };
  }
  const operation = state.operationId === null ? undefined : getOperation(description, state.operationId);
  if (state.operationId !== null && operation?.resourceId !== state.resourceId) {
    return { state: { ...state, operationId: null }, unknownId: state.operationId };
  }
  return { state, unknownId: null };
}

/** The remembered operation when it belongs to the resource, else the resource's first permitted one. */
export function effectiveOperationId(
  description: ApiDescription,
  roles: readonly string[],
  state: ConsoleState,
): string | null {
  const resource = resourceById(description, state.resourceId);
  if (!resource) return null;
  if (state.operationId !== null && resource.operations.some((operation) => operation.id === state.operationId)) {
    return state.operationId;
  }
  return resource.operations.find((operation) => canCall(roles, operation))?.id ?? null;
}
