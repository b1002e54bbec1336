import { Badge, Button, Card, HStack, ProgressCircle, Stack, Text } from '@chakra-ui/react';
import type { SearchIndex } from '@/services/portal';
import { DateTime } from '@/ui/date-time';
import { cardLook, isInProgress } from './index-model';

export interface IndexCardProps {
  index: SearchIndex;
  hasErrors: boolean;
  selected: boolean;
  onSelect: () => void;
  /** Present when the user may rebuild this (active) index. */
  onRebuild?: () => void;
  /** Another build runs: a rebuild would be refused. */
  rebuildBlocked: boolean;
}

/** One search index: status (Ready reads 'Active'), when it was created, and its progress while it builds. */
export function IndexCard({ index, hasErrors, selected, onSelect, onRebuild, rebuildBlocked }: IndexCardProps) {
  const look = cardLook(index.Status, hasErrors);
  const title = index.IsActiveIndex ? 'Active index' : `${look.label} index`;
  return (
    <Card.Root
      as="section"
      aria-label={title}
      size="sm"
      variant="outline"
      borderColor={selected ? `${look.palette}.solid` : undefined}
      borderWidth={selected ? '2px' : '1px'}
      cursor="pointer"
      onClick={onSelect}
    >
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="1.5">
            <HStack gap="2">
              <Badge colorPalette={look.palette} variant="surface" size="md">
                {look.label}
              </Badge>
              {hasErrors && index.Status === 'Ready' && (
                <Badge colorPalette="orange" variant="surface" size="sm">
                  Has errors
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Created <DateTime value={index.DateCreated} />
            </Text>
            {isInProgress(index.Status) && !look.loading && (
              <Text fontSize="sm">{Math.round(index.PercentComplete)}% complete</Text>
            )}
          </Stack>
          {look.progressRing && (
            <ProgressCircle.Root
              value={look.loading ? null : index.PercentComplete}
              size="md"
              colorPalette={look.palette}
              aria-label={look.loading ? 'Waiting to build' : `Build progress ${Math.round(index.PercentComplete)}%`}
            >
              <ProgressCircle.Circle>
                <ProgressCircle.Track />
                <ProgressCircle.Range />
              </ProgressCircle.Circle>
            </ProgressCircle.Root>
          )}
        </HStack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button
          size="xs"
          variant={selected ? 'subtle' : 'outline'}
          aria-pressed={selected}
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
          }}
        >
          {selected ? 'Showing errors' : 'Show errors'}
        </Button>
        {onRebuild && (
          <Button
            size="xs"
            colorPalette="blue"
            disabled={index.Status === 'Rebuilding' || rebuildBlocked}
            onClick={(event) => {
              event.stopPropagation();
              onRebuild();
            }}
          >
            {index.Status === 'Rebuilding' ? 'Rebuilding' : 'Rebuild'}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
