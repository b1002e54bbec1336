import { Button, type ButtonProps } from '@chakra-ui/react';

// Apart from more-menu.tsx, which loads the open menu lazily: the open menu draws this same button.

/** The More menu's button, shown below md only. */
export function MoreMenuButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" px="2" hideFrom="md" {...props}>
      More...
    </Button>
  );
}
