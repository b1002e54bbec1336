import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { displayName } from '@/lib/display-name';
import { AppLink } from '@/ui/app-link';
import { AppNavLink } from '@/ui/app-nav-link';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { tabHref, type OwnerItem } from '../catalogue/resolve-path';
import { historyTab } from '../history/resource-ref';
import { useItem } from '../lib/item-queries';
import { ConsoleLink } from './console-link';

/** The item heading (display name and ID) and the tab bar of a detail page, around the active tab's content. */
export function ItemFrame(props: {
  collection: CatalogueCollection;
  owner: Pick<OwnerItem, 'params' | 'itemId' | 'href'> | null;
  children: ReactNode;
}) {
  const { collection, owner, children } = props;
  const item = useItem(collection, owner?.params ?? {}, owner?.itemId ?? null);
  const isNew = owner === null;
  const data = item.data;
  const title = isNew ? `New ${collection.singular}` : item.data ? displayName(item.data) : collection.singular;
  return (
    <Stack gap="5" minW="0">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Box minW="0">
          <Text fontSize="sm" color="fg.muted">
            {collection.singular}
          </Text>
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {title}
          </Heading>
          {!isNew && (
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              ID: {owner.itemId}
            </Text>
          )}
        </Box>
        <HStack gap="4" wrap="wrap">
          {data &&
            collection.itemLinks
              ?.filter((link) => link.shows(data))
              .map((link) => (
                <AppLink key={link.to} to={link.to} fontSize="sm" color="blue.fg" textDecoration="underline">
                  {link.label}
                </AppLink>
              ))}
          {owner && <ConsoleLink collection={collection} params={owner.params} />}
        </HStack>
      </HStack>
      {owner && (
        // The tabs wrap onto a second row rather than scroll: a scrolled row cut the last tab (a buyer's 'Approval
        // Rules') in half with nothing saying there was more.
        <Box as="nav" aria-label={`${collection.singular} sections`} borderBottomWidth="1px">
          <HStack as="ul" listStyleType="none" gap="1" rowGap="0" wrap="wrap" m="0" p="0">
            {[
              { label: 'Details', href: owner.href },
              ...collection.tabs.map((tab) => ({ label: tab.label, href: tabHref(owner, tab) })),
              historyTab(owner),
            ].map((tab) => (
              <li key={tab.href}>
                <AppNavLink
                  to={tab.href}
                  end
                  display="block"
                  px="3"
                  py="2"
                  fontSize="sm"
                  color="fg.muted"
                  textDecoration="none"
                  borderBottomWidth="2px"
                  borderColor="transparent"
                  _hover={{ color: 'fg', textDecoration: 'none' }}
                  _currentPage={{ color: 'blue.fg', borderColor: 'blue.solid', fontWeight: 'medium' }}
                >
                  {tab.label}
                </AppNavLink>
              </li>
            ))}
          </HStack>
        </Box>
      )}
      {children}
    </Stack>
  );
}
