import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useCallback } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { ChecklistCard } from './checklist-card';
import { showChecklist } from './checklist-model';
import { ApiVersionsCard, KnowledgeBaseCard } from './content-cards';
import { ConsoleCard, GettingStartedCard, NoRolesWarning, ProfileCard, RolesCard, SdkCard } from './dashboard-cards';

/** The dashboard cards of the home page (spec 1 §2 "Home dashboard cards"); each card loads on its own. */
export function Dashboard() {
  const { roles, description } = usePortalContext();
  const lookup = useCallback((id: string) => getOperation(description, id), [description]);
  const access = showChecklist(roles, lookup) ? (
    <ChecklistCard />
  ) : roles.length === 0 ? (
    <NoRolesWarning />
  ) : (
    <ProfileCard />
  );
  return (
    <Stack gap="6">
      {access}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6">
        <RolesCard />
        <ConsoleCard />
        <GettingStartedCard />
        <SdkCard />
        <KnowledgeBaseCard />
        <ApiVersionsCard />
      </SimpleGrid>
    </Stack>
  );
}
