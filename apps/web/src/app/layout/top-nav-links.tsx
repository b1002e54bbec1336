import { Badge, HStack } from '@chakra-ui/react';
import { topNavigation } from '@/app/navigation';
import { AppNavLink } from '@/ui/app-nav-link';

/** The top bar's links from md up; below md the "More..." menu takes their place. */
export function TopNavLinks() {
  return (
    // minW/overflow: between md and lg space is tight, and the links must never push the colour toggle off screen.
    <HStack as="nav" aria-label="Primary" gap={{ base: '0.5', lg: '1' }} hideBelow="md" minW="0" overflowX="auto">
      {topNavigation
        .filter((item) => !item.menuOnly)
        .map((item) => (
          <AppNavLink
            key={item.href}
            to={item.href}
            end={item.end}
            px={{ base: '2', lg: '3' }}
            py="2"
            rounded="l2"
            fontSize="sm"
            fontWeight="medium"
            whiteSpace="nowrap"
            flexShrink={0}
            color="fg.muted"
            textDecoration="none"
            _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
            _currentPage={{ bg: 'blue.subtle', color: 'blue.fg' }}
          >
            {item.label}
            {item.badge ? (
              <Badge colorPalette="green" variant="surface" size="xs" ms="1.5">
                {item.badge}
              </Badge>
            ) : null}
          </AppNavLink>
        ))}
    </HStack>
  );
}
