import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { SEARCH_INDEX_TYPES } from '@/services/portal';
import { IndexTab } from './index-tab';

/** `/self-service/index-tools` (spec 1 §2 "Index tools"): the marketplace's product and order search indexes. */
export function IndexToolsPage() {
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Index tools
      </Heading>
      <Tabs.Root defaultValue="Products" variant="line" lazyMount unmountOnExit>
        <Tabs.List>
          {SEARCH_INDEX_TYPES.map((type) => (
            <Tabs.Trigger key={type} value={type}>
              {type}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {SEARCH_INDEX_TYPES.map((type) => (
          <Tabs.Content key={type} value={type}>
            <IndexTab type={type} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
