import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { resourceAccessible } from '@/access/access';
import type { ApiDescription, ApiResource } from '@/description/api-model';

export interface ConsoleSidebarProps {
  readonly description: ApiDescription;
  readonly roles: readonly string[];
  readonly resourceId: string;
  readonly onSelect: (resourceId: string) => void;
  /** Where the Impersonation panel goes (spec §2 "Sidebar holds an Impersonation panel"); nothing for now. */
  readonly impersonationSlot?: ReactNode;
}

function ResourceButton(props: {
  resource: ApiResource;
  roles: readonly string[];
  active: boolean;
  onSelect: (id: string) => void;
}) {
  const { resource, roles, active, onSelect } = props;
  return (
    <Button
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      justifyContent="flex-start"
      aria-current={active ? 'true' : undefined}
      disabled={!resourceAccessible(roles, resource)}
      onClick={() => onSelect(resource.id)}
    >
      {resource.name}
    </Button>
  );
}

/** Resource sections, all expanded; a resource none of whose operations the token may call is disabled. */
export function ConsoleSidebar({ description, roles, resourceId, onSelect, impersonationSlot }: ConsoleSidebarProps) {
  const grouped = new Set(description.sections.flatMap((section) => section.resourceIds));
  const ungrouped = description.resources.filter((resource) => !grouped.has(resource.id));
  const groups = [
    ...description.sections.map((section) => ({
      id: section.id,
      name: section.name,
      resources: section.resourceIds.flatMap((id) => description.resourcesById[id] ?? []),
    })),
    ...(ungrouped.length > 0 ? [{ id: 'other', name: 'Other', resources: ungrouped }] : []),
  ];
  return (
    <Stack as="nav" aria-label="Console resources" gap="4">
      {impersonationSlot}
      {groups.map((group) => (
        <Box key={group.id}>
          <Heading as="h2" size="xs" textTransform="uppercase" color="fg.muted" mb="1">
            {group.name}
          </Heading>
          <Stack gap="0">
            {group.resources.map((resource) => (
              <ResourceButton
                key={resource.id}
                resource={resource}
                roles={roles}
                active={resource.id === resourceId}
                onSelect={onSelect}
              />
            ))}
            {group.resources.length === 0 && <Text fontSize="sm">No resources</Text>}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
