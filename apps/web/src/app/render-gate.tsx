import { Button, Center, Stack, Text, Heading } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { decodeTokenRoles } from '@/access/access';
import type { PreparedDescriptionRef } from '@portal/contracts';
import type { ApiDescription } from '@/description/api-model';
import { errorFromResponse } from '@/services/portal-error';
import { CenteredSpinner } from '@/ui/centered-spinner';
import { ErrorDescription, errorView, useErrorToast } from '@/ui/notify-error';
import { useAnalyticsIdentify } from './analytics-tracking';
import { platformBaseUrl } from './portal/platform-base-url';
import { loadPortalSession, loadSessionDescription, PORTAL_SESSION_KEY } from './portal-session';
import { PortalContextProvider, type PortalContextValue } from './portal/portal-context';

/** What the portal reads of the API while a connected marketplace's platform is unavailable: nothing. */
const NO_DESCRIPTION: ApiDescription = Object.freeze({
  title: '',
  version: '',
  sections: [],
  resources: [],
  operationsById: {},
  resourcesById: {},
  resourcesByName: {},
  schemas: {},
});

/**
 * Renders nothing of the portal until the user, marketplace, developer token and API description are loaded
 * (spec 1 §1); a failure shows what went wrong with a way to try again. The user, marketplace and token come in one
 * call (`GET /portal-api/session`, started by the boot before the app's code loaded), which also names the
 * marketplace's prepared description: read from IndexedDB on a warm load, else from its immutable URL. A connected
 * marketplace whose platform is down still opens: the session then names the platform's failure, which the frame
 * shows in place of each page that needs the platform.
 */
export function RenderGate({ children }: { children: ReactNode }) {
  const session = useQuery({ queryKey: PORTAL_SESSION_KEY, queryFn: loadPortalSession, staleTime: Infinity });
  const ref = session.data?.Description;
  const description = useQuery({
    queryKey: ['api-description', ref?.Url ?? ''],
    queryFn: () => loadSessionDescription(ref as PreparedDescriptionRef),
    enabled: ref !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    // A document the portal cannot read will not become readable by asking again at once.
    retry: false,
  });
  const marketplace = session.data?.Marketplace;
  const baseUrl = marketplace ? platformBaseUrl(marketplace.CoreApiUrl, window.location.origin, marketplace.Kind) : '';

  const value = useMemo((): PortalContextValue | null => {
    if (!session.data) return null;
    const { Me: me, Marketplace: marketplace, DeveloperToken: token, PlatformUnavailable: unavailable } = session.data;
    const loaded = { me, marketplace, platformBaseUrl: baseUrl };
    if (unavailable) {
      const platformUnavailable = errorFromResponse(unavailable.status, unavailable);
      return { ...loaded, developerToken: '', roles: [], description: NO_DESCRIPTION, platformUnavailable };
    }
    if (!token || !description.data) return null;
    const developerToken = token.access_token;
    return {
      ...loaded,
      developerToken,
      roles: decodeTokenRoles(developerToken),
      description: description.data,
      platformUnavailable: null,
    };
  }, [session.data, description.data, baseUrl]);

  // The portal's first render is the largest of the load (home's every element styled): as a deferred value it is
  // rendered in slices between which the browser keeps drawing and answering (issue 22: no long task on the way
  // home), while the spinner stays until it is ready.
  const shown = useDeferredValue(value);

  const auth = useAuth();
  useAnalyticsIdentify(
    session.data && marketplace
      ? { claims: auth.user?.profile, me: session.data.Me, marketplace, hostname: window.location.hostname }
      : null,
  );

  const failed = [session, description].find((query) => query.isError);
  useErrorToast(failed?.error);
  if (failed) {
    const view = errorView(failed.error);
    const retry = () => {
      for (const query of [session, description]) if (query.isError) void query.refetch();
    };
    return (
      <Center minH="100dvh" p="6">
        <Stack role="alert" gap="3" maxW="md" p="6" borderWidth="1px" borderColor="border.error" rounded="l3">
          <Heading as="h1" size="lg">
            The portal could not load
          </Heading>
          <Text fontWeight="medium">{view.title}</Text>
          <Text color="fg.muted">
            <ErrorDescription view={view} />
          </Text>
          <Button alignSelf="flex-start" colorPalette="blue" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!shown) return <CenteredSpinner label="Loading your marketplace..." />;
  return <PortalContextProvider value={shown}>{children}</PortalContextProvider>;
}
