import { createContext, useContext, type ReactNode } from 'react';
import type { ApiDescription } from '@/description/api-model';
import { ApiDescriptionProvider } from '@/description/api-description-context';
import { PickerSourceProvider } from '@/forms/pickers/picker-source';
import type { Marketplace, PortalUser } from '@/services/portal';

/** Everything the render gate loads before the portal renders (spec 1 §1, ARCHITECTURE §7). */
export interface PortalContextValue {
  me: PortalUser;
  marketplace: Marketplace;
  /** The platform base URL the browser calls (the marketplace's CoreApiUrl, see `platformBaseUrl`). */
  platformBaseUrl: string;
  developerToken: string;
  /** Roles of the developer token: they drive every access decision. */
  roles: readonly string[];
  description: ApiDescription;
  /**
   * Why the platform of a connected marketplace could not be reached when the portal loaded, or null. While set,
   * there is no developer token, no roles and an empty description: the frame and the portal's own pages work, and
   * the pages that need the platform show this error instead (issue 21).
   */
  platformUnavailable: Error | null;
}

const PortalContext = createContext<PortalContextValue | null>(null);

/** Shares the loaded portal context, and the API description through its own provider. */
export function PortalContextProvider({ value, children }: { value: PortalContextValue; children: ReactNode }) {
  return (
    <PortalContext.Provider value={value}>
      <ApiDescriptionProvider value={value.description}>
        {/* ID pickers in every form list through the developer token, as the user's own calls do. */}
        <PickerSourceProvider
          baseUrl={value.platformBaseUrl}
          token={value.developerToken}
          description={value.description}
        >
          {children}
        </PickerSourceProvider>
      </ApiDescriptionProvider>
    </PortalContext.Provider>
  );
}

/**
 * The signed-in user, marketplace, developer token, its roles and the API description.
 *
 * @example
 * const { marketplace, roles } = usePortalContext();
 */
export function usePortalContext(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortalContext needs a PortalContextProvider above it (the render gate adds it).');
  return value;
}
