import { Box, Button, type ButtonProps } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';

// Apart from user-menu.tsx, which loads the open menu lazily: the open menu draws this same button.

/** Up to two initials of a name ("Riley Chen" -> "RC"), or the first letter of an e-mail address. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = (words.length > 1 && !name.includes('@') ? [words[0], words.at(-1)] : [words[0]])
    .map((word) => word?.charAt(0) ?? '')
    .join('');
  return letters.toUpperCase() || '?';
}

/** The user menu's button: the user's name (initials below md), the full name as its label. */
export function UserMenuButton(props: ButtonProps) {
  const { me } = usePortalContext();
  const name = me.Name || me.Email;
  return (
    <Button variant="ghost" size="sm" maxW="48" px={{ base: '1', md: '3' }} aria-label={name} title={name} {...props}>
      <Box
        as="span"
        hideFrom="md"
        aria-hidden="true"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="7"
        rounded="full"
        bg="bg.emphasized"
        fontSize="xs"
        fontWeight="semibold"
      >
        {initialsOf(name)}
      </Box>
      <Box as="span" hideBelow="md" truncate>
        {name}
      </Box>
    </Button>
  );
}
