import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from '@/app/color-mode';
import { portalSystem } from '@/app/theme';
import { createQueryClient } from '@/lib/query-client';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so cached data never leaks between them. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  // Lazy state rather than a module-level client, so each mounted app (and each test) owns its cache.
  const [defaultClient] = useState(createQueryClient);
  return (
    <ChakraProvider value={portalSystem()}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient ?? defaultClient}>{children}</QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
