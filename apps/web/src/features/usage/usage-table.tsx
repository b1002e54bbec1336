import { Box, Table } from '@chakra-ui/react';
import { useLayoutEffect, useRef } from 'react';
import { DateTime } from '@/ui/date-time';
import type { UsageReport } from './usage-api';
import { FEATURE_LABELS, weekLabel } from './usage-labels';

// The feature names stay in view while a phone scrolls the weeks sideways.
const stickyStart = { position: 'sticky', insetStart: 0, bg: 'bg', zIndex: 1 } as const;

/** Features down, ISO weeks across (oldest first, this week last), then the distinct users of each week. */
export function UsageTable({ report }: { report: UsageReport }) {
  const { Features, Weeks } = report;
  const scrollArea = useRef<HTMLDivElement>(null);
  // The latest weeks matter most: a narrow screen opens on them (right end), older weeks a scroll to the left.
  useLayoutEffect(() => {
    const element = scrollArea.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [Weeks.length]);
  return (
    <Table.ScrollArea
      ref={scrollArea}
      borderWidth="1px"
      rounded="l2"
      tabIndex={0}
      role="region"
      aria-label="Usage per week"
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader {...stickyStart}>Feature</Table.ColumnHeader>
            {Weeks.map((week) => (
              <Table.ColumnHeader key={week.Week} textAlign="end" whiteSpace="nowrap">
                <Box>{weekLabel(week.Week)}</Box>
                <Box fontWeight="normal" color="fg.muted" fontSize="xs">
                  <DateTime value={week.Start} precision="date" />
                </Box>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {Features.map((feature) => (
            <Table.Row key={feature}>
              <Table.ColumnHeader as="th" scope="row" {...stickyStart} fontWeight="medium" minW="36">
                {FEATURE_LABELS[feature] ?? feature}
              </Table.ColumnHeader>
              {Weeks.map((week) => (
                <Table.Cell key={week.Week} textAlign="end">
                  {week.Counts[feature] ?? 0}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
          <Table.Row>
            <Table.ColumnHeader as="th" scope="row" {...stickyStart} fontWeight="semibold">
              Active users
            </Table.ColumnHeader>
            {Weeks.map((week) => (
              <Table.Cell key={week.Week} textAlign="end" fontWeight="semibold">
                {week.Users}
              </Table.Cell>
            ))}
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
