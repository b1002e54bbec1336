import { Badge, Button, HStack, Icon, Portal, Text, Tooltip, Wrap } from '@chakra-ui/react';
import { useState } from 'react';

export const NO_ROLES_TEXT = 'No platform roles assigned';

/** Tags shown before "Show all": a group with every reader and admin role would otherwise fill the screen. */
export const VISIBLE_ROLE_TAGS = 10;

function InfoIcon() {
  return (
    <Icon boxSize="4" color="fg.muted">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 16v-4M12 8h.01" />
      </svg>
    </Icon>
  );
}

/** The info icon is a focusable, labelled element so keyboard and screen-reader users get the tooltip text too. */
function NoRolesHint() {
  return (
    <Tooltip.Root openDelay={200}>
      <Tooltip.Trigger asChild>
        <span role="img" aria-label={NO_ROLES_TEXT} tabIndex={0} style={{ display: 'inline-flex' }}>
          <InfoIcon />
        </span>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{NO_ROLES_TEXT}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/**
 * A group's platform roles by name, as tags that wrap (a count alone said little). Past VISIBLE_ROLE_TAGS the rest
 * waits behind a "Show all" button; an empty group says None with the spec's hint.
 */
export function RoleTags({ roles, groupName }: { roles: readonly string[]; groupName: string }) {
  const [expanded, setExpanded] = useState(false);
  if (roles.length === 0) {
    return (
      <HStack gap="2">
        <Text color="fg.muted">None</Text>
        <NoRolesHint />
      </HStack>
    );
  }
  const hidden = expanded ? 0 : Math.max(0, roles.length - VISIBLE_ROLE_TAGS);
  const shown = hidden > 0 ? roles.slice(0, VISIBLE_ROLE_TAGS) : roles;
  return (
    <Wrap as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={`Platform roles of ${groupName}`}>
      {shown.map((role) => (
        <li key={role}>
          <Badge variant="outline" colorPalette="gray" fontFamily="mono" fontWeight="normal">
            {role}
          </Badge>
        </li>
      ))}
      {roles.length > VISIBLE_ROLE_TAGS && (
        <li>
          <Button size="2xs" variant="ghost" onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show fewer' : `Show all ${roles.length}`}
          </Button>
        </li>
      )}
    </Wrap>
  );
}
