import { Button, Center, Stack, Text, Heading } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { decodeTokenRoles } from '@/access/access';
import { getIdentityToken } from '@/auth/oidc-settings';
import { apiDescriptionQueryOptions } from '@/description/load-api-description';
import { createPlatformClient } from '@/services/platform';
import { createPortalClient } from '@/services/portal';
import { CenteredSpinner } from '@/ui/centered-spinner';
import { ErrorDescription, errorView, useErrorToast } from '@/ui/notify-error';
import { useAnalyticsIdentify } from './analytics-tracking';
import { platformBaseUrl } from './portal/platform-base-url';
import { PortalContextProvider, type PortalContextValue } from './portal/portal-context';

const portal = createPortalClient({ getToken: getIdentityToken });

/**
 * Renders nothing of the portal until the user, marketplace, developer token and API description are loaded
 * (spec 1 §1); a failure shows what went wrong with a way to try again.
 */
export function RenderGate({ children }: { children: ReactNode }) {
  const me = useQuery({ queryKey: ['portal', 'me'], queryFn: () => portal.getMe(), staleTime: Infinity });
  const marketplace = useQuery({
    queryKey: ['portal', 'marketplace'],
    queryFn: () => portal.getMarketplace(),
    staleTime: Infinity,
  });
  const token = useQuery({
    queryKey: ['portal', 'developer-token'],
    queryFn: () => portal.getDeveloperToken(),
    staleTime: Infinity,
  });
  const baseUrl = marketplace.data
    ? platformBaseUrl(marketplace.data.CoreApiUrl, window.location.origin, marketplace.data.Kind)
    : '';
  const platform = useMemo(() => createPlatformClient({ baseUrl }), [baseUrl]);
  const description = useQuery({
    ...apiDescriptionQueryOptions({ baseUrl, fetchJson: platform.getJson }),
    enabled: baseUrl !== '',
  });

  const value = useMemo((): PortalContextValue | null => {
    if (!me.data || !marketplace.data || !token.data || !description.data) return null;
    const developerToken = token.data.access_token;
    return {
      me: me.data,
      marketplace: marketplace.data,
      platformBaseUrl: baseUrl,
      developerToken,
      roles: decodeTokenRoles(developerToken),
      description: description.data,
    };
  }, [me.data, marketplace.data, token.data, description.data, baseUrl]);

  const auth = useAuth();
  useAnalyticsIdentify(
    me.data && marketplace.data
      ? { claims: auth.user?.profile, me: me.data, marketplace: marketplace.data, hostname: window.location.hostname }
      : null,
  );

  const failed = [me, marketplace, token, description].find((query) => query.isError);
  useErrorToast(failed?.error);
  if (failed) {
    const view = errorView(failed.error);
    const retry = () => {
      for (const query of [me, marketplace, token, description]) if (query.isError) void query.refetch();
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
  if (!value) return <CenteredSpinner label="Loading your marketplace..." />;
  return <PortalContextProvider value={value}>{children}</PortalContextProvider>;
}
