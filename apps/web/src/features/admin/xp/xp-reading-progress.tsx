import { HStack, Progress, Text } from '@chakra-ui/react';
import type { XpReadProgress } from './read-xp-items';

const numbers = new Intl.NumberFormat('en');

/** Shown instead of the form while the items are read for the xp schema (spec 2 §3: up to 1,000 items). */
export function XpReadingProgress({ progress, label }: { progress: XpReadProgress | null; label: string }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  const name = `Reading ${label.toLowerCase()} for their extended properties`;
  return (
    <HStack gap="3" maxW="md">
      <Progress.Root value={percent} max={100} size="sm" flex="1" translations={{ value: () => name }}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" role="status" whiteSpace="nowrap">
        {progress ? `${name}: ${numbers.format(progress.done)} of ${numbers.format(progress.total)}` : `${name}…`}
      </Text>
    </HStack>
  );
}
