import { Box, Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { SideMenuLink } from '@/ui/app-nav-link';
import { canReadActivity } from './activity-access';

/** The path of the Activity page. */
export const ACTIVITY_PATH = '/admin/activity';

/** The sidebar's link to the Activity page, for those who may read it (organization admins, AuditReader). */
export function ActivityNavLink({ onNavigate }: { onNavigate?: () => void }) {
  const headingId = useId();
  const { me } = usePortalContext();
  if (!canReadActivity(me)) return null;
  return (
    <Box>
      <Heading as="h2" id={headingId} fontSize="xs" fontWeight="semibold" color="fg.muted" px="3" mb="1.5">
        Change history
      </Heading>
      <Stack as="ul" aria-labelledby={headingId} gap="0.5" listStyleType="none" m="0" p="0">
        <li>
          <SideMenuLink to={ACTIVITY_PATH} onClick={onNavigate}>
            Activity
          </SideMenuLink>
        </li>
      </Stack>
    </Box>
  );
}
