import { QueryClient } from '@tanstack/react-query';

/** One place for the cache defaults, so the app and tests build identical clients. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The marketplace data changes rarely while a page is open; refetching on every focus only adds load.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: 1,
      },
    },
  });
}
