import { Badge, Button, Card, DataList, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { MarketplaceListItem } from '@portal/contracts';
import type { ReactNode } from 'react';
import { environmentPalette } from '@/app/layout/marketplace-environment';
import { DateTime } from '@/ui/date-time';

export interface MarketplaceTableProps {
  items: readonly MarketplaceListItem[];
  /** The id of the marketplace the user is signed in to. */
  currentId: string;
  /** Without them the table is read-only: no Edit or Disconnect at all. */
  onEdit?: (marketplace: MarketplaceListItem) => void;
  onDisconnect?: (marketplace: MarketplaceListItem) => void;
}

function NameCell({ item, currentId }: { item: MarketplaceListItem; currentId: string }) {
  return (
    <Stack gap="0">
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium">{item.Name}</Text>
        {item.ID === currentId && (
          <Badge size="sm" colorPalette="blue" variant="solid" title="The marketplace you are signed in to">
            Current
          </Badge>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
        {item.ID}
      </Text>
    </Stack>
  );
}

function KindBadge({ item }: { item: MarketplaceListItem }) {
  return (
    <Badge size="sm" variant="outline" colorPalette={item.Kind === 'Connected' ? 'purple' : 'gray'}>
      {item.Kind}
    </Badge>
  );
}

/** A value the portal does not have for this kind of marketplace, with the reason for screen readers. */
function Dash({ reason }: { reason: string }) {
  return (
    <Text as="span" color="fg.muted" aria-label={reason} title={reason}>
      —
    </Text>
  );
}

// A hosted marketplace is the platform's own: the portal tracks no reachability for it.
const HOSTED_DASH = 'Not tracked for hosted marketplaces';

function LastReached({ item }: { item: MarketplaceListItem }) {
  if (item.Kind !== 'Connected') return <Dash reason={HOSTED_DASH} />;
  return <DateTime value={item.LastReachedAt} fallback="Never" />;
}

function LastError({ item }: { item: MarketplaceListItem }) {
  if (item.Kind !== 'Connected') return <Dash reason={HOSTED_DASH} />;
  if (!item.LastError) return <Text color="fg.muted">None</Text>;
  return (
    <Text color="fg.error" overflowWrap="anywhere">
      {item.LastError}
    </Text>
  );
}

function Actions({
  item,
  onEdit,
  onDisconnect,
}: Omit<MarketplaceTableProps, 'items' | 'currentId'> & { item: MarketplaceListItem }) {
  if (item.Kind !== 'Connected' || !onEdit || !onDisconnect) return null;
  return (
    // Stacked in the table (seven columns beside the sidebar leave no room for two buttons side by side), in a row on
    // a card.
    <Stack direction={{ base: 'row', md: 'column' }} gap="2" align={{ base: 'center', md: 'stretch' }}>
      <Button size="sm" variant="outline" onClick={() => onEdit(item)} aria-label={`Edit ${item.Name}`}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={() => onDisconnect(item)}
        aria-label={`Disconnect ${item.Name}`}
      >
        Disconnect
      </Button>
    </Stack>
  );
}

/** The columns, in order, with how each renders: one list so the table and the cards never disagree. */
const COLUMNS: readonly { label: string; render: (item: MarketplaceListItem) => ReactNode }[] = [
  {
    label: 'Environment',
    render: (item) => (
      <Badge size="sm" variant="subtle" colorPalette={environmentPalette(item.Environment)}>
        {item.Environment}
      </Badge>
    ),
  },
  {
    label: 'Region',
    render: (item) => item.Region ?? <Dash reason="The portal does not know a connected marketplace's region" />,
  },
  { label: 'API base URL', render: (item) => <Text overflowWrap="anywhere">{item.ApiUrl}</Text> },
  { label: 'Kind', render: (item) => <KindBadge item={item} /> },
  { label: 'Last reached', render: (item) => <LastReached item={item} /> },
  { label: 'Last error', render: (item) => <LastError item={item} /> },
];

function MarketplacesTable({ items, currentId, onEdit, onDisconnect }: MarketplaceTableProps) {
  const actions = onEdit !== undefined && items.some((item) => item.Kind === 'Connected');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l3">
      <Table.Root size="sm" aria-label="Marketplaces">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column.label}>{column.label}</Table.ColumnHeader>
            ))}
            {actions && (
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.ID} data-testid={`marketplace-${item.ID}`} verticalAlign="top">
              <Table.Cell>
                <NameCell item={item} currentId={currentId} />
              </Table.Cell>
              {COLUMNS.map((column) => (
                <Table.Cell key={column.label} maxW={column.label === 'Last error' ? 'xs' : undefined}>
                  {column.render(item)}
                </Table.Cell>
              ))}
              {actions && (
                <Table.Cell>
                  <Actions item={item} onEdit={onEdit} onDisconnect={onDisconnect} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** On a phone seven columns would scroll sideways; each marketplace becomes a card whose values wrap. */
function MarketplaceCards({ items, currentId, onEdit, onDisconnect }: MarketplaceTableProps) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Marketplaces">
      {items.map((item) => (
        <Card.Root as="li" key={item.ID} size="sm" data-testid={`marketplace-${item.ID}`}>
          <Card.Body gap="3">
            <NameCell item={item} currentId={currentId} />
            <DataList.Root size="sm" orientation="horizontal">
              {COLUMNS.map((column) => (
                <DataList.Item key={column.label}>
                  <DataList.ItemLabel>{column.label}</DataList.ItemLabel>
                  <DataList.ItemValue minW="0">{column.render(item)}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            <Actions item={item} onEdit={onEdit} onDisconnect={onDisconnect} />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/**
 * The organization's marketplaces: a table from md up, cards below it. Only one of the two is rendered, so each
 * marketplace and its buttons exist once on the page.
 */
export function MarketplaceTable(props: MarketplaceTableProps) {
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false });
  return layout === 'cards' ? <MarketplaceCards {...props} /> : <MarketplacesTable {...props} />;
}
