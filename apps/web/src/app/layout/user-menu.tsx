import { DeferredOverlay } from './deferred-overlay';
import { UserMenuButton } from './user-menu-button';

export { initialsOf } from './user-menu-button';

const loadUserMenu = () => import('./user-menu-open');

/**
 * The signed-in user's name, opening Product usage (organization admins), Manage account (identity provider's page)
 * and Logout. Below md (phones and
 * small tablets) the name gives way to initials so the marketplace's name fits; the button keeps the full name as
 * its label.
 */
export function UserMenu() {
  return <DeferredOverlay trigger={<UserMenuButton />} load={loadUserMenu} />;
}
