import { Box, Flex, IconButton, Spacer } from '@chakra-ui/react';
import { AppLink } from '@/ui/app-link';
import { TOP_BAR_HEIGHT } from '@/ui/layout-sizes';
import { MenuIcon } from '@/ui/icons';
import { AppSwitcher } from './app-switcher';
import { ColorModeButton } from './color-mode-button';
import { MarketplaceInfo } from './marketplace-info';
import { MoreMenu } from './more-menu';
import { TopNavLinks } from './top-nav-links';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  onOpenNavigation: () => void;
}

export function TopBar({ onOpenNavigation }: TopBarProps) {
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
      <Flex h="full" align="center" gap={{ base: '1', lg: '3' }} px={{ base: '2', md: '3', lg: '6' }}>
        <IconButton aria-label="Open navigation" variant="ghost" size="sm" hideFrom="lg" onClick={onOpenNavigation}>
          <MenuIcon />
        </IconButton>
        <AppLink
          to="/"
          fontWeight="bold"
          fontSize={{ base: 'md', lg: 'lg' }}
          color="fg"
          textDecoration="none"
          // The title gives way first on a narrow phone (system fonts differ in width), so the bar never scrolls sideways.
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
        <MoreMenu />
        <MarketplaceInfo />
        <AppSwitcher />
        <ColorModeButton />
        <UserMenu />
      </Flex>
    </Box>
  );
}
