import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { resourceNameAccessible } from '@/access/access';
import { sidebarSections } from '@/app/navigation';
import { usePortalContext } from '@/app/portal/portal-context';
import { ActivityNavLink } from '@/features/admin/activity/activity-nav-link';
import { SideMenuLink } from '@/ui/app-nav-link';

export interface SidebarProps {
  /** Called when a link is followed, so the drawer can close itself. */
  onNavigate?: () => void;
}

/** The marketplace resources, section by section; shown as a column on wide screens and inside the drawer below lg. */
export function Sidebar({ onNavigate }: SidebarProps) {
  // The sidebar can be mounted twice (column and drawer), so heading ids must be unique per instance.
  const baseId = useId();
  const { roles, description } = usePortalContext();
  return (
    <Box as="nav" aria-label="Marketplace resources" px="3" py="5">
      <Stack gap="5">
        {sidebarSections.map((section, index) => {
          const headingId = `${baseId}-section-${index}`;
          return (
            <Box key={section.title}>
              <Heading as="h2" id={headingId} fontSize="xs" fontWeight="semibold" color="fg.muted" px="3" mb="1.5">
                {section.title}
              </Heading>
              <Stack as="ul" aria-labelledby={headingId} gap="0.5" listStyleType="none" m="0" p="0">
                {section.items.map((item) => (
                  <li key={item.href}>
                    {/* The sidebar label is the resource's tag name in the API description. */}
                    {!resourceNameAccessible(roles, description, item.label) ? (
                      <Text
                        as="span"
                        aria-disabled="true"
                        title="You have no role for this resource"
                        display="block"
                        px="3"
                        py="1"
                        fontSize="sm"
                        color="fg.subtle"
                        cursor="not-allowed"
                      >
                        {item.label}
                      </Text>
                    ) : (
                      <SideMenuLink to={item.href} onClick={onNavigate}>
                        {item.label}
                      </SideMenuLink>
                    )}
                  </li>
                ))}
              </Stack>
            </Box>
          );
        })}
        <ActivityNavLink onNavigate={onNavigate} />
      </Stack>
    </Box>
  );
}
