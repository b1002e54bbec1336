import { Link } from '@chakra-ui/react';
import type { LinkProps } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { withKeptQuery } from '@/lib/keep-query';

export interface AppLinkProps extends Omit<LinkProps, 'href' | 'asChild'> {
  /** An in-app path such as '/roles'; organization and tenantName of the current URL are added to it. */
  to: string;
}

/**
 * A Chakra-styled client-side link that keeps the signed-in context in the query string.
 *
 * @example
 * <AppLink to="/console">Open the API console</AppLink>
 */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const { search } = useLocation();
  return (
    <Link asChild {...rest}>
      <RouterLink to={withKeptQuery(to, search)}>{children}</RouterLink>
    </Link>
  );
}
