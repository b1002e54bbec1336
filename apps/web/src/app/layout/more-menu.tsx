import { Badge, Button, Menu, Portal } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router';
import { topNavigation } from '@/app/navigation';
import { withKeptQuery } from '@/lib/keep-query';

/** Below md the top bar's links, plus index tools, collapse into this menu. */
export function MoreMenu() {
  const { search } = useLocation();
  return (
    <Menu.Root lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="2" hideFrom="md">
          More...
        </Button>
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
