import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import type { SchemaObject } from '@/description/openapi-types';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { apiPathParams, type RouteParams } from '../catalogue/resolve-path';
import { useAdminApi } from '../lib/admin-api';
import { browserStorage } from '../lib/columns';
import { EMPTY_XP_SCHEMA, type XpInference } from './infer-xp-schema';
import { inferXpFromList, type XpReadProgress } from './read-xp-items';
import {
  forgetCachedXpSchema,
  readCachedXpSchema,
  withSchemaProperty,
  writeCachedXpSchema,
  xpSchemaStorageKey,
} from './xp-schema-cache';

const NO_LIST_INFERENCE: XpInference = {
  schema: EMPTY_XP_SCHEMA,
  conflicts: [],
  itemsRead: 0,
  complete: false,
  failed: true,
};

export interface XpSchemaState {
  /** Undefined while the items are read. */
  readonly inference: XpInference | undefined;
  /** Items read so far, while reading. */
  readonly progress: XpReadProgress | null;
  /** Bumped when the schema is read again, so a form built on the old one starts over. */
  readonly generation: number;
  readonly addProperty: (name: string, schema: SchemaObject) => void;
  readonly removeProperty: (name: string) => void;
  /** Forgets the cached schema and reads the items again. */
  readonly refresh: () => void;
}

/** The resource's inferred xp schema: from the local cache, else read from its list (spec 2 §3). */
export function useXpSchema(collection: CatalogueCollection, params: RouteParams, enabled: boolean): XpSchemaState {
  const { description, marketplace } = usePortalContext();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const listOperation = getOperation(description, collection.operations.list);
  const pathParams = useMemo(() => apiPathParams(collection, params), [collection, params]);
  const storageKey = xpSchemaStorageKey(marketplace.Id, collection.key);
  const queryKey = useMemo(
    () => ['platform', marketplace.Id, 'xp-schema', collection.key],
    [marketplace.Id, collection],
  );
  const [progress, setProgress] = useState<XpReadProgress | null>(null);
  const [generation, setGeneration] = useState(0);

  const query = useQuery<XpInference>({
    queryKey,
    enabled: enabled && listOperation !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) => {
      const cached = readCachedXpSchema(browserStorage(), storageKey);
      if (cached) return cached;
      if (!listOperation) throw new Error(`${collection.label} cannot be listed.`);
      const inference = await inferXpFromList(
        (page, pageSize, pageSignal) =>
          api.list(listOperation, pathParams, { ...collection.listQuery, page, pageSize }, pageSignal),
        { signal, onProgress: setProgress },
      );
      writeCachedXpSchema(browserStorage(), storageKey, inference);
      return inference;
    },
  });

  const change = useCallback(
    (name: string, schema: SchemaObject | null) => {
      const current = queryClient.getQueryData<XpInference>(queryKey);
      if (!current) return;
      const next = withSchemaProperty(current, name, schema);
      // After a failed read nothing is kept (see writeCachedXpSchema): the next visit reads the items again.
      writeCachedXpSchema(browserStorage(), storageKey, next);
      queryClient.setQueryData<XpInference>(queryKey, next);
    },
    [queryClient, queryKey, storageKey],
  );
  const refresh = useCallback(() => {
    forgetCachedXpSchema(browserStorage(), storageKey);
    setProgress(null);
    setGeneration((value) => value + 1);
    void queryClient.resetQueries({ queryKey });
  }, [queryClient, queryKey, storageKey]);

  return {
    // Without a list there is nothing to read: an empty schema, as when the read fails (spec 2 §8).
    inference: query.data ?? (listOperation ? undefined : NO_LIST_INFERENCE),
    progress,
    generation,
    addProperty: useCallback((name, schema) => change(name, schema), [change]),
    removeProperty: useCallback((name) => change(name, null), [change]),
    refresh,
  };
}
