import { Link } from '@chakra-ui/react';
import type { LinkProps } from '@chakra-ui/react';
import { NavLink, useLocation } from 'react-router';
import { withKeptQuery } from '@/lib/keep-query';

export interface AppNavLinkProps extends Omit<LinkProps, 'href' | 'asChild'> {
  /** An in-app path such as '/roles'; organization and tenantName of the current URL are added to it. */
  to: string;
  /** Active only on exactly this path (needed for '/', which every path starts with). */
  end?: boolean;
}

/**
 * A navigation link that keeps the signed-in context and carries aria-current="page" while its page is shown;
 * style the active state with `_currentPage`.
 *
 * @example
 * <AppNavLink to="/" end _currentPage={{ fontWeight: 'semibold' }}>Home</AppNavLink>
 */
export function AppNavLink({ to, end, children, ...rest }: AppNavLinkProps) {
  const { search } = useLocation();
  return (
    <Link asChild {...rest}>
      <NavLink to={withKeptQuery(to, search)} end={end}>
        {children}
      </NavLink>
    </Link>
  );
}

/** A link of a side menu (the explorer's sidebar and its sections): muted, highlighted while its page is shown. */
export function SideMenuLink(props: AppNavLinkProps) {
  return (
    <AppNavLink
      display="block"
      px="3"
      py="1"
      rounded="l2"
      fontSize="sm"
      color="fg.muted"
      textDecoration="none"
      _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
      _currentPage={{ bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'medium' }}
      {...props}
    />
  );
}
