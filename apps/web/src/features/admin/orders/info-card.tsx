import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled block of the order overview (Customer, Billing address, Line items, Totals), a section of its own. */
export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="l2" p="4" minW="0" bg="bg" fontSize="sm">
      <Heading as="h2" size="sm" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
