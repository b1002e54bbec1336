import { Alert, Badge, Box, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppNavLink } from '@/ui/app-nav-link';
import { TOP_BAR_HEIGHT } from '@/ui/layout-sizes';
import {
  hostedOnlyReason,
  NON_ORG_ADMIN_WARNING,
  NOT_AVAILABLE_TAG,
  ORG_ADMIN_INTRO,
  SELF_SERVICE_TITLE,
  visibleTools,
} from './self-service-tools';

/** The self-service frame (spec 1 §2): title, the org-admin text or warning, the tools' side menu, the chosen tool. */
export function SelfServiceLayout({ children }: { children: ReactNode }) {
  const { me, marketplace } = usePortalContext();
  // On a connected marketplace every tool is marked, its link described by the reason (issue 21).
  const connected = marketplace.Kind === 'Connected';
  const reasonId = useId();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {SELF_SERVICE_TITLE}
      </Heading>
      {me.IsOrganizationAdmin ? (
        <Text color="fg.muted">{ORG_ADMIN_INTRO}</Text>
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{NON_ORG_ADMIN_WARNING}</Alert.Title>
        </Alert.Root>
      )}
      <Flex direction={{ base: 'column', md: 'row' }} gap="6" align="flex-start">
        <Box
          as="nav"
          aria-label="Self-service tools"
          flexShrink="0"
          w={{ base: 'full', md: '56' }}
          // The page's only left menu (the explorer's sidebar is left out here): it stays in view beside a long tool.
          position={{ md: 'sticky' }}
          top={{ md: `calc(${TOP_BAR_HEIGHT} + var(--chakra-spacing-4))` }}
        >
          {connected && <VisuallyHidden id={reasonId}>{hostedOnlyReason(marketplace.Name)}</VisuallyHidden>}
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
            {visibleTools(marketplace.OcEnvironment).map((tool) => (
              <li key={tool.path}>
                <AppNavLink
                  to={`/self-service/${tool.path}`}
                  display="flex"
                  alignItems="center"
                  gap="2"
                  px="3"
                  py="1.5"
                  rounded="l2"
                  fontSize="sm"
                  color="fg.muted"
                  aria-describedby={connected ? reasonId : undefined}
                  textDecoration="none"
                  _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
                  _currentPage={{ bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'medium' }}
                >
                  {tool.label}
                  {tool.beta && (
                    <Badge colorPalette="purple" variant="surface" size="xs">
                      BETA
                    </Badge>
                  )}
                  {connected && (
                    <Badge colorPalette="gray" variant="outline" size="xs">
                      {NOT_AVAILABLE_TAG}
                    </Badge>
                  )}
                </AppNavLink>
              </li>
            ))}
          </Stack>
        </Box>
        <Box flex="1" minW="0" w="full">
          {children}
        </Box>
      </Flex>
    </Stack>
  );
}
