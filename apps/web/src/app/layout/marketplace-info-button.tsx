import { Badge, Box, Button, Icon, type ButtonProps } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { environmentPalette } from './marketplace-environment';

// Apart from marketplace-info.tsx, which loads the open overlay lazily: the open overlay draws this same button.

function InfoIcon() {
  return (
    // On a phone the name needs the room more than the mark does.
    <Icon boxSize="3.5" color="fg.muted" aria-hidden="true" hideBelow="sm">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 16v-4M12 8h.01" />
      </svg>
    </Icon>
  );
}

/** The marketplace's name with its environment and an info mark: the popover's button. */
export function MarketplaceInfoButton(props: ButtonProps) {
  const { marketplace } = usePortalContext();
  const environment = marketplace.OcEnvironment;
  return (
    <Button
      variant="ghost"
      size="sm"
      px="1.5"
      gap="1.5"
      minW="0"
      // The title and the user's name give way first; the marketplace's name is capped by its own max width.
      flexShrink={0}
      fontWeight="semibold"
      aria-label={`${marketplace.Name} (${environment})`}
      title={`${marketplace.Name}: marketplace information`}
      {...props}
    >
      <Box as="span" truncate maxW={{ base: '32', sm: '40', xl: '56' }}>
        {marketplace.Name}
      </Box>
      <Badge hideBelow="md" size="sm" variant="subtle" colorPalette={environmentPalette(environment)}>
        {environment}
      </Badge>
      <InfoIcon />
    </Button>
  );
}
