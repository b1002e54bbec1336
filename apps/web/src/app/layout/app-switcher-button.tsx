import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { Tenant } from '@/services/inventory';

// Apart from app-switcher.tsx, which loads the open overlay lazily: the open overlay draws this same button.

/**
 * Where choosing a tenant goes: its portal address when that is served from this origin, otherwise this portal
 * with the tenant in the query string (which signs in silently for it).
 */
export function tenantHref(tenant: Pick<Tenant, 'name' | 'annotations'>, organization: string, origin: string): string {
  const fallback = `/?${new URLSearchParams({ organization, tenantName: tenant.name }).toString()}`;
  try {
    const url = new URL(tenant.annotations.URL, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

/** The switcher's grid button. */
export function SwitcherButton(props: Partial<IconButtonProps>) {
  return (
    <IconButton aria-label="Switch tenant" variant="ghost" size="sm" {...props}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
        <path d="M4 4h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 10h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 16h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4z" />
      </svg>
    </IconButton>
  );
}
