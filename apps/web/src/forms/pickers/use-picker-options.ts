import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { displayName } from '@/lib/display-name';
import type { ListMeta } from '@/services/platform';
import { fillPath, pickerPathParams, pickerTarget, type PickerContext, type PickerTarget } from './id-field-target';
import { usePickerScope, usePickerSource, type PickerSource } from './picker-source';

/** Spec 2 §9: list pickers read 100 items, search modals 5 (their search waits: lib/use-debounced-value). */
export const PICKER_PAGE_SIZE = 100;
export const MODAL_PAGE_SIZE = 5;

/** Spec 2 §8: an option list whose parent is not chosen yet. */
export const MISSING_REQUIRED_PARAMETERS = 'Missing required parameters.';

/** One choice: the id that is stored and the display name shown with it. */
export interface PickerOption {
  readonly id: string;
  readonly name: string;
}

/** The options of a list answer: items without an id cannot be chosen. */
export function toPickerOptions(items: readonly unknown[]): PickerOption[] {
  return items.flatMap((item) => {
    const id = typeof item === 'object' && item !== null ? (item as { ID?: unknown }).ID : undefined;
    return typeof id === 'string' && id !== '' ? [{ id, name: displayName(item) }] : [];
  });
}

/**
 * The picker context of a field: its form's resource, the route's parameters and the form's other values.
 * `formValue` reads a sibling field by name.
 */
export function usePickerContext(formValue: (name: string) => unknown): PickerContext {
  const scope = usePickerScope();
  const routeParams = useParams();
  return {
    ownerResourceId: scope.ownerResourceId,
    value: (name) => {
      const fromScope = scope.params?.[name] ?? routeParams[name];
      if (fromScope) return fromScope;
      const fromForm = formValue(name);
      return typeof fromForm === 'string' && fromForm.trim() !== '' ? fromForm.trim() : undefined;
    },
  };
}

/** The list a field picks from, when a picker source is present and the field names a listable resource. */
export function useFieldTarget(
  fieldName: string,
  context: PickerContext,
): { source: PickerSource; target: PickerTarget } | null {
  const source = usePickerSource();
  if (!source) return null;
  const target = pickerTarget(source.description, fieldName, context);
  return target ? { source, target } : null;
}

export interface PickerOptionsRequest {
  readonly source: PickerSource;
  readonly target: PickerTarget;
  readonly context: PickerContext;
  readonly search: string;
  readonly page?: number;
  readonly pageSize: number;
  readonly enabled?: boolean;
}

export interface PickerOptionsResult {
  readonly options: readonly PickerOption[];
  readonly meta: ListMeta | undefined;
  /** Parent parameters not chosen yet; nothing is fetched while any is missing. */
  readonly missing: readonly string[];
  readonly loading: boolean;
  readonly error: unknown;
}

/**
 * One page of a picker's options (TanStack Query, cached per marketplace, list and search).
 *
 * @example
 * const { options, missing } = usePickerOptions({ source, target, context, search, pageSize: PICKER_PAGE_SIZE });
 */
export function usePickerOptions(request: PickerOptionsRequest): PickerOptionsResult {
  const { source, target, context, search, page = 1, pageSize, enabled = true } = request;
  const { params, missing } = pickerPathParams(target, context);
  const path = fillPath(target.operation, params);
  const query = { ...target.query, page, pageSize, ...(search.trim() ? { search: search.trim() } : {}) };
  const result = useQuery({
    queryKey: ['picker-options', source.cacheKey, path, query],
    queryFn: ({ signal }) => source.list(path, query, signal),
    enabled: enabled && missing.length === 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refused list (403) or a bad parent id stays refused: show it at once instead of retrying.
    retry: false,
  });
  return {
    options: missing.length === 0 && result.data ? toPickerOptions(result.data.Items) : [],
    meta: missing.length === 0 ? result.data?.Meta : undefined,
    missing,
    loading: result.isFetching,
    error: missing.length === 0 ? result.error : null,
  };
}
