import { createContext, useContext, type ReactNode } from 'react';
import type { ApiDescription } from './api-model';

const ApiDescriptionContext = createContext<ApiDescription | null>(null);

/**
 * Shares the one indexed API description with everything below the render gate.
 *
 * @example
 * <ApiDescriptionProvider value={api}><AppLayout /></ApiDescriptionProvider>
 */
export function ApiDescriptionProvider({ value, children }: { value: ApiDescription; children: ReactNode }) {
  return <ApiDescriptionContext.Provider value={value}>{children}</ApiDescriptionContext.Provider>;
}

/**
 * The indexed API description. Throws outside {@link ApiDescriptionProvider}, which would be a wiring bug:
 * the render gate shows nothing until the description is loaded.
 *
 * @example
 * const api = useApiDescription();
 * const list = getOperation(api, 'Products.List');
 */
export function useApiDescription(): ApiDescription {
  const api = useContext(ApiDescriptionContext);
  if (!api) throw new Error('useApiDescription needs an ApiDescriptionProvider above it (the render gate adds it).');
  return api;
}
