import { Box, Container, Flex, SkipNavLink } from '@chakra-ui/react';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AnalyticsPageTracker } from '@/app/analytics-tracking';
import { usePortalContext } from '@/app/portal/portal-context';
import { PlatformUnavailablePage } from '@/app/routes/platform-unavailable-page';
import { TOP_BAR_HEIGHT } from '@/ui/layout-sizes';
import { BreadcrumbNamesProvider } from './breadcrumb-names';
import { Breadcrumbs } from './breadcrumbs';
import { NavigationDrawer } from './navigation-drawer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The id the skip link jumps to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Pages with a left menu of their own (the console's resources, the self-service tools): the explorer's sidebar
 * column would be a second left menu beside it and squeeze the page, so it is left out there. The top bar's drawer
 * still reaches the explorer on narrow screens.
 */
const OWN_MENU_PATHS = ['/console', '/self-service'];

/** The portal's own pages: they read only the portal service, so they open while the platform is unavailable. */
const PORTAL_ONLY_PATHS = ['/marketplaces', '/usage', '/articles', '/release-notes'];

function isUnder(pathname: string, paths: readonly string[]): boolean {
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function hasOwnMenu(pathname: string): boolean {
  return isUnder(pathname, OWN_MENU_PATHS);
}

/** The frame around every page: skip link, top bar, sidebar (column from lg, drawer below) and the main area. */
export function AppLayout() {
  const [navigationOpen, setNavigationOpen] = useState(false);
  const { pathname } = useLocation();
  const { platformUnavailable } = usePortalContext();
  return (
    <Flex direction="column" minH="100dvh" bg="bg" color="fg">
      <AnalyticsPageTracker />
      <SkipNavLink id={MAIN_CONTENT_ID} zIndex="skipNav">
        Skip to main content
      </SkipNavLink>
      <TopBar onOpenNavigation={() => setNavigationOpen(true)} />
      <NavigationDrawer open={navigationOpen} onOpenChange={setNavigationOpen} />
      <Flex flex="1">
        {!hasOwnMenu(pathname) && (
          // The column stretches to the page's full height so its background and border run to the bottom of a
          // long page; the menu inside it stays in view (sticky) and scrolls on its own.
          <Box
            as="aside"
            aria-label="Explorer sidebar"
            hideBelow="lg"
            w="64"
            flexShrink={0}
            bg="bg.subtle"
            borderEndWidth="1px"
            borderColor="border"
          >
            <Box
              position="sticky"
              top={TOP_BAR_HEIGHT}
              maxH={`calc(100dvh - ${TOP_BAR_HEIGHT})`}
              overflowY="auto"
              // A scrolling box must be reachable by keyboard to scroll it, even when every link in it is disabled
              // (a user without roles), so it is a named tab stop of its own.
              role="region"
              aria-label="Side menu"
              tabIndex={0}
            >
              <Sidebar />
            </Box>
          </Box>
        )}
        {/* tabIndex -1 lets the skip link move keyboard focus here, not only scroll. */}
        <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" minW="0" py={{ base: '6', md: '8' }} outline="none">
          <Container>
            <BreadcrumbNamesProvider>
              <Breadcrumbs />
              {platformUnavailable && !isUnder(pathname, PORTAL_ONLY_PATHS) ? (
                <PlatformUnavailablePage error={platformUnavailable} />
              ) : (
                <Outlet />
              )}
            </BreadcrumbNamesProvider>
          </Container>
        </Box>
      </Flex>
    </Flex>
  );
}
