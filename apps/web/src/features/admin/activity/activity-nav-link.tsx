import { Box, Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppNavLink } from '@/ui/app-nav-link';
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
          <AppNavLink
            to={ACTIVITY_PATH}
            onClick={onNavigate}
            display="block"
            px="3"
            py="1"
            rounded="l2"
            fontSize="sm"
            color="fg.muted"
            textDecoration="none"
            _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
            _currentPage={{ bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'medium' }}
          >
            Activity
          </AppNavLink>
        </li>
      </Stack>
    </Box>
  );
}
