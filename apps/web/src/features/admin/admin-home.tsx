import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { sectionTiles } from '@/access/access';
import { sidebarSections } from '@/app/navigation';
import { preloadRoute } from '@/app/router';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';

/** `/admin`: the marketplace's resources by section, only those the token's roles reach. */
export function AdminHome() {
  const { roles, description } = usePortalContext();
  const tiles = sectionTiles(roles, description, sidebarSections);
  // Every link on this page opens a page of the explorer's one route chunk: fetched now, a click waits only for
  // its list (bench/admin-list.ts).
  useEffect(() => preloadRoute('/admin/any'), []);
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Marketplace explorer
        </Heading>
        <Text color="fg.muted">Browse, create, edit and delete the marketplace's resources.</Text>
      </Stack>
      {tiles.length === 0 ? (
        <Text>Your roles reach none of the marketplace's resources. Ask an organization administrator for access.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {tiles.map((tile) => (
            <Card.Root key={tile.title} size="sm">
              <Card.Body gap="2">
                <Heading as="h2" size="md">
                  {tile.title}
                </Heading>
                <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
                  {tile.permittedItems.map((item) => (
                    <li key={item.href}>
                      <AppLink to={item.href} color="blue.fg">
                        {item.label}
                      </AppLink>
                    </li>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
