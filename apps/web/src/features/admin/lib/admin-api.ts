import { useMemo } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import type { ApiOperation } from '@/description/api-model';
import { createPlatformClient, type ListPage, type PlatformClient } from '@/services/platform';

// The admin's calls: each one addressed by an operation of the description and the route's parameters, sent
// with the developer token to the marketplace's platform.

/** Any marketplace item as the platform answers it. */
export type Item = Record<string, unknown>;

/** The message shown when a route lacks a parameter an operation needs (spec 2 §8). */
export const INSUFFICIENT_ROUTE_PARAMS = 'Insufficient route params provided.';

/**
 * The `/v1` path of an operation with its path parameters filled in.
 *
 * @example
 * operationPath(usersGet, { buyerID: 'b 1', userID: 'u1' }); // '/v1/buyers/b%201/users/u1'
 */
export function operationPath(operation: Pick<ApiOperation, 'path'>, params: Readonly<Record<string, string>>): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(INSUFFICIENT_ROUTE_PARAMS);
    return encodeURIComponent(value);
  });
  return `/v1${path}`;
}

export interface AdminApi {
  readonly platform: PlatformClient;
  list(
    operation: ApiOperation,
    params: Record<string, string>,
    query: Record<string, string | number>,
    signal?: AbortSignal,
  ): Promise<ListPage<Item>>;
  get(operation: ApiOperation, params: Record<string, string>, signal?: AbortSignal): Promise<Item>;
  /** POST, PUT or PATCH by the operation's method. */
  write(operation: ApiOperation, params: Record<string, string>, body: unknown): Promise<Item>;
  /** Resolves only on 204 (spec 2 §8); any other answer rejects. `query` names an assignment's other keys. */
  remove(operation: ApiOperation, params: Record<string, string>, query?: Record<string, string>): Promise<void>;
}

export function createAdminApi(platform: PlatformClient): AdminApi {
  const { http } = platform;
  return {
    platform,
    list: (operation, params, query, signal) =>
      http.get<ListPage<Item>>(operationPath(operation, params), query, signal ? { signal } : {}),
    get: (operation, params, signal) =>
      http.get<Item>(operationPath(operation, params), undefined, signal ? { signal } : {}),
    write: (operation, params, body) =>
      http.request<Item>(operationPath(operation, params), { method: operation.method.toUpperCase(), body }),
    remove: async (operation, params, query) => {
      const path = operationPath(operation, params);
      const response = await http.send<unknown>(path, { method: 'DELETE', ...(query ? { query } : {}) });
      if (response.status !== 204) throw new Error(`The platform answered ${response.status} instead of 204.`);
    },
  };
}

/** The admin API for the signed-in marketplace, with the developer token. */
export function useAdminApi(): AdminApi {
  const { platformBaseUrl, developerToken } = usePortalContext();
  return useMemo(
    () => createAdminApi(createPlatformClient({ baseUrl: platformBaseUrl, getToken: () => developerToken })),
    [platformBaseUrl, developerToken],
  );
}

/** Every `Errors[].Message` of a failed call (spec 2 §8), else the error's own message. */
export function errorMessagesOf(error: unknown): string[] {
  const body = (error as { body?: unknown } | null)?.body;
  const errors = (body as { Errors?: unknown } | null | undefined)?.Errors;
  if (Array.isArray(errors)) {
    const messages = errors
      .map((entry) => (entry as { Message?: unknown } | null)?.Message)
      .filter((message): message is string => typeof message === 'string' && message !== '');
    if (messages.length > 0) return messages;
  }
  return [error instanceof Error ? error.message : String(error)];
}
