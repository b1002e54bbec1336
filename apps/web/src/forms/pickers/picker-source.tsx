import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiDescription } from '@/description/api-model';
import type { QueryParams } from '@/services/http';
import { createPlatformClient, type ListPage } from '@/services/platform';

// PICKER SOURCE
// Where ID pickers read their options: the marketplace's platform with the caller's token, and the description
// that says which list serves which field. The app shell provides it once; forms rendered without it (tests,
// other screens) keep plain text boxes for identifier fields.

export interface PickerSource {
  readonly description: ApiDescription;
  /** One page of a list; `path` is the operation's path below `/v1` with its parameters filled in. */
  readonly list: (path: string, query: QueryParams, signal?: AbortSignal) => Promise<ListPage<unknown>>;
  /** Separates cached option lists of different marketplaces and tokens. */
  readonly cacheKey: string;
}

const PickerSourceContext = createContext<PickerSource | null>(null);

/** Where a picker sits: the form's resource and the route's parameters (e.g. `buyerID`). */
export interface PickerScopeValue {
  readonly ownerResourceId?: string | undefined;
  readonly params?: Readonly<Record<string, string>> | undefined;
}

const PickerScopeContext = createContext<PickerScopeValue>({});

/**
 * Lets every ID field below pick from the marketplace's lists.
 *
 * @example
 * <PickerSourceProvider baseUrl={platformBaseUrl} token={developerToken} description={description}>...</PickerSourceProvider>
 */
export function PickerSourceProvider(props: {
  baseUrl: string;
  token: string;
  description: ApiDescription;
  children: ReactNode;
}) {
  const { baseUrl, token, description, children } = props;
  const value = useMemo((): PickerSource => {
    const client = createPlatformClient({ baseUrl, getToken: () => token });
    return {
      description,
      list: (path, query, signal) =>
        client.http.get<ListPage<unknown>>(`/v1${path}`, query, signal ? { signal } : undefined),
      // The token's tail is enough to tell tokens apart without keeping the whole secret in cache keys.
      cacheKey: `${baseUrl}|${token.slice(-16)}`,
    };
  }, [baseUrl, token, description]);
  return <PickerSourceContext.Provider value={value}>{children}</PickerSourceContext.Provider>;
}

/** For tests and special screens: a source built by hand. */
export function PickerSourceContextProvider({ value, children }: { value: PickerSource; children: ReactNode }) {
  return <PickerSourceContext.Provider value={value}>{children}</PickerSourceContext.Provider>;
}

/** The picker source, or null where none is provided. */
export function usePickerSource(): PickerSource | null {
  return useContext(PickerSourceContext);
}

/**
 * Tells the pickers of a form which resource it edits and which parent ids the route holds.
 *
 * @example
 * <PickerScope ownerResourceId="Users" params={{ buyerID }}><SchemaForm ... /></PickerScope>
 */
export function PickerScope({ children, ...value }: PickerScopeValue & { children: ReactNode }) {
  const { ownerResourceId, params } = value;
  const memo = useMemo(() => ({ ownerResourceId, params }), [ownerResourceId, params]);
  return <PickerScopeContext.Provider value={memo}>{children}</PickerScopeContext.Provider>;
}

export function usePickerScope(): PickerScopeValue {
  return useContext(PickerScopeContext);
}
