import { Badge, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { sectionTiles } from '@/access/access';
import { sidebarSections } from '@/app/navigation';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import { Dashboard } from './dashboard';
import { MarketplaceCard } from './marketplace-card';

/** The first word of a name, for the greeting. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The landing page: greeting, marketplace card and one tile per sidebar section the user may use. */
export function HomePage() {
  const { me, marketplace, roles, description } = usePortalContext();
  const tiles = sectionTiles(roles, description, sidebarSections);
  return (
    <Stack gap="8">
      <Stack gap="2">
        <Text color="fg.muted" fontWeight="medium">
          {marketplace.Name}
        </Text>
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl">
            Welcome, {firstName(me.Name) || me.Email}
          </Heading>
          {me.IsOrganizationAdmin && <Badge colorPalette="purple">Admin</Badge>}
        </HStack>
        <Text color="fg.muted" maxW="prose">
          Manage your marketplace, send requests to its API and troubleshoot common issues, all from one place.
        </Text>
      </Stack>

      <MarketplaceCard />

      <Dashboard />

      <Stack as="section" aria-labelledby="sections-title" gap="3">
        <Heading as="h2" id="sections-title" size="md">
          Manage your marketplace
        </Heading>
        {tiles.length === 0 ? (
          <Text color="fg.muted">Your roles give you access to no marketplace resources yet.</Text>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="3" listStyleType="none" m="0" p="0">
            {tiles.map((tile) => (
              <li key={tile.title}>
                <AppLink
                  to={tile.href}
                  display="block"
                  h="full"
                  p="4"
                  borderWidth="1px"
                  borderColor="border"
                  rounded="l3"
                  textDecoration="none"
                  _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                >
                  <Text fontWeight="semibold">{tile.title}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {tile.permittedItems.map((item) => item.label).join(', ')}
                  </Text>
                </AppLink>
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
