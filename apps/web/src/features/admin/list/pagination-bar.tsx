import { Button, HStack, Text } from '@chakra-ui/react';
import { pageItems } from '../lib/pagination';

/** Previous, the pages of the pagination model with ellipses, Next. */
export function PaginationBar(props: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { page, totalPages, onPage } = props;
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap">
      <Button size="xs" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageItems(page, totalPages).map((item) =>
        item.kind === 'ellipsis' ? (
          <Text key={item.key} as="span" px="1" color="fg.muted" aria-hidden="true">
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            size="xs"
            variant={item.page === page ? 'solid' : 'ghost'}
            aria-label={`Page ${item.page}`}
            aria-current={item.page === page ? 'page' : undefined}
            onClick={() => onPage(item.page)}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button size="xs" variant="ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
