import { Box, Flex, IconButton, Spacer, Text } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { PaletteLauncher } from '@/features/palette/palette-launcher';
import { AppLink } from '@/ui/app-link';
import { TOP_BAR_HEIGHT } from '@/ui/layout-sizes';
import { MenuIcon } from '@/ui/icons';
import { AppSwitcher } from './app-switcher';
import { ColorModeButton } from './color-mode-button';
import { isProductionMarketplace } from './marketplace-environment';
import { MarketplaceInfo } from './marketplace-info';
import { MoreMenu } from './more-menu';
import { TopNavLinks } from './top-nav-links';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  onOpenNavigation: () => void;
}

/**
 * A thin red line along the top of every page of a Production marketplace, so nobody mistakes it for a sandbox
 * (the environment badge alone sits in a popover and on the home page). Screen readers hear it once, as a note.
 */
function ProductionBar() {
  return (
    <Box role="note" aria-label="Production marketplace" position="absolute" top="0" insetX="0" h="1" bg="red.solid">
      <Text srOnly>Production marketplace: changes here affect live data.</Text>
    </Box>
  );
}

/** The sticky top bar: brand, primary links (a More menu on phones), marketplace, switcher, colour mode, user. */
export function TopBar({ onOpenNavigation }: TopBarProps) {
  const { marketplace } = usePortalContext();
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h={TOP_BAR_HEIGHT}
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border"
    >
      {isProductionMarketplace(marketplace.OcEnvironment) && <ProductionBar />}
      <Flex h="full" align="center" gap={{ base: '0', sm: '1', lg: '3' }} px={{ base: '1', sm: '2', md: '3', lg: '6' }}>
        <IconButton aria-label="Open navigation" variant="ghost" size="sm" hideFrom="lg" onClick={onOpenNavigation}>
          <MenuIcon />
        </IconButton>
        {/* On a phone the title gives its room to the marketplace's name (the More menu's first entry leads home). */}
        <AppLink
          to="/"
          hideBelow="sm"
          fontWeight="bold"
          fontSize={{ base: 'md', lg: 'lg' }}
          color="fg"
          textDecoration="none"
          // Where the title shows on a narrow screen it gives way first (system fonts differ in width), so the bar
          // never scrolls sideways.
          truncate
          minW="0"
          flexShrink={{ base: 1, lg: 0 }}
          me={{ base: '0', lg: '2' }}
          _hover={{ textDecoration: 'none', color: 'blue.fg' }}
        >
          Marketplace Portal
        </AppLink>
        <TopNavLinks />
        <Spacer />
        <PaletteLauncher />
        <MoreMenu />
        <MarketplaceInfo />
        <AppSwitcher />
        <ColorModeButton />
        <UserMenu />
      </Flex>
    </Box>
  );
}
