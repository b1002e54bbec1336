import { Badge, Menu, Portal } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router';
import { topNavigation } from '@/app/navigation';
import { withKeptQuery } from '@/lib/keep-query';
import type { OverlayProps } from './deferred-overlay';
import { MoreMenuButton } from './more-menu-button';

/** The More menu itself, loaded on first approach of its button (see DeferredOverlay). */
export default function MoreMenuOpen({ defaultOpen }: OverlayProps) {
  const { search } = useLocation();
  return (
    <Menu.Root lazyMount unmountOnExit defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <MoreMenuButton />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {topNavigation.map((item) => (
              <Menu.Item key={item.href} value={item.href} asChild _currentPage={{ fontWeight: 'semibold' }}>
                <NavLink to={withKeptQuery(item.href, search)} end={item.end}>
                  {item.label}
                  {item.badge ? (
                    <Badge colorPalette="green" variant="surface" size="xs" ms="auto">
                      {item.badge}
                    </Badge>
                  ) : null}
                </NavLink>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
