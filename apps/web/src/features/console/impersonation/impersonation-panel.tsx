import { Alert, Badge, Box, Button, CloseButton, Drawer, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import type { Grants, ImpersonationUser, PortalApiClient } from '@/services/portal';
import { isPortalError } from '@/services/portal-error';
import { showsCompanyName, type CommerceRole, type ImpersonationContext } from '../lib/impersonation-state';
import { useApiClientSearch, useClientUserSearch } from './impersonation-api';
import { MODAL_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { useImpersonation } from './use-impersonation';

export const USERNAME_SEARCH_NOTE =
  'Due to performance reasons searching by username is required before you will see results here.';
export const NO_RESULTS_TEXT = 'No Results Found...';
/** Not in the spec: without it the panel opens blank, since clients are only listed for a term (spec §5). */
export const CLIENT_SEARCH_HINT = "Type part of an API client's name or ID to find it.";

/** The badges of an API client: who may sign in through it (spec §2). */
export function clientAccessBadges(client: PortalApiClient): string[] {
  const badges = [
    client.AllowAnyBuyer ? 'Buyers' : null,
    client.AllowSeller ? 'Sellers' : null,
    client.AllowAnySupplier ? 'Suppliers' : null,
  ].filter((badge): badge is string => badge !== null);
  return badges.length > 0 ? badges : ['No Access'];
}

export const NO_IMPERSONATION_GRANT_TEXT =
  'None of your role groups grants Impersonate Buyer, Impersonate Seller or Impersonate Supplier, so you cannot ' +
  'impersonate users. An organization admin can add one on the Roles page.';

/**
 * What a failed search says: a refusal names the missing permission instead of a vague failure, and other errors
 * keep the server's own explanation (spec 1 §8: the server's detail or message).
 */
export function searchErrorText(error: unknown, what: 'API clients' | 'users'): string {
  if (isPortalError(error) && error.status === 403) {
    return what === 'users'
      ? 'You do not have permission to see the users of this API client: impersonation needs an Impersonate grant.'
      : 'You do not have permission to see the API clients of this marketplace.';
  }
  const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
  return `The ${what} could not be loaded.${detail}`;
}

/** Whether any impersonation grant is held; without one the picker explains why no user can be chosen. */
export function hasAnyImpersonationGrant(grants: Partial<Grants> | undefined): boolean {
  return (
    grants?.ImpersonateBuyer === true || grants?.ImpersonateSeller === true || grants?.ImpersonateSupplier === true
  );
}

/** The grant the portal user needs to impersonate a user of `role`; the server refuses the token without it. */
export function canImpersonate(grants: Partial<Grants> | undefined, role: CommerceRole): boolean {
  return grants?.[`Impersonate${role}`] === true;
}

function toContext(user: ImpersonationUser): ImpersonationContext {
  return {
    ClientId: user.ClientId,
    Username: user.Username,
    CompanyInteropId: user.CompanyInteropId,
    CommerceRole: user.CommerceRole,
    CompanyName: user.CompanyName ?? '',
  };
}

function RoleBadge({ role }: { role: CommerceRole }) {
  return (
    <Badge colorPalette="purple" variant="subtle">
      {role} User
    </Badge>
  );
}

function ClientSearch({
  marketplaceId,
  selected,
  onSelect,
}: {
  marketplaceId: string;
  selected: PortalApiClient | null;
  onSelect: (client: PortalApiClient) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term, MODAL_SEARCH_DEBOUNCE_MS);
  const clients = useApiClientSearch(marketplaceId, search);
  const items = clients.data?.Items ?? [];
  return (
    <Stack gap="2">
      <Input
        aria-label="Search API Clients"
        placeholder="Search API Clients..."
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      {search.trim() === '' ? (
        <Text color="fg.muted" fontSize="sm">
          {CLIENT_SEARCH_HINT}
        </Text>
      ) : clients.isPending ? (
        <Text color="fg.muted" fontSize="sm">
          Searching...
        </Text>
      ) : clients.isError ? (
        <Text color="fg.error" fontSize="sm">
          {searchErrorText(clients.error, 'API clients')}
        </Text>
      ) : items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {NO_RESULTS_TEXT}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="API clients">
          {items.map((client) => (
            <li key={client.Id}>
              <Button
                variant={selected?.Id === client.Id ? 'subtle' : 'ghost'}
                aria-pressed={selected?.Id === client.Id}
                onClick={() => onSelect(client)}
                w="full"
                h="auto"
                py="2"
                justifyContent="flex-start"
                textAlign="start"
                whiteSpace="normal"
              >
                <Stack gap="1" align="flex-start">
                  <Text fontWeight="medium">{client.AppName ?? client.Id}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {client.Id}
                  </Text>
                  <HStack gap="1" wrap="wrap">
                    {clientAccessBadges(client).map((badge) => (
                      <Badge key={badge} size="sm" colorPalette={badge === 'No Access' ? 'gray' : 'blue'}>
                        {badge}
                      </Badge>
                    ))}
                  </HStack>
                </Stack>
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function UserSearch({
  marketplaceId,
  clientId,
  grants,
  selected,
  onSelect,
}: {
  marketplaceId: string;
  clientId: string;
  grants: Partial<Grants> | undefined;
  selected: ImpersonationUser | null;
  onSelect: (user: ImpersonationUser) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term, MODAL_SEARCH_DEBOUNCE_MS);
  const users = useClientUserSearch(marketplaceId, clientId, search);
  const items = users.data?.Items ?? [];
  return (
    <Stack gap="2">
      <Input
        aria-label="Search by username"
        placeholder="Search by username..."
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <Text color="fg.muted" fontSize="xs">
        {USERNAME_SEARCH_NOTE}
      </Text>
      {search.trim() === '' ? null : users.isPending ? (
        <Text color="fg.muted" fontSize="sm">
          Searching...
        </Text>
      ) : users.isError ? (
        <Text color="fg.error" fontSize="sm">
          {searchErrorText(users.error, 'users')}
        </Text>
      ) : items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {NO_RESULTS_TEXT}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Users">
          {items.map((user) => {
            const allowed = canImpersonate(grants, user.CommerceRole);
            const isSelected = selected?.ID === user.ID;
            return (
              <li key={user.ID}>
                <Button
                  variant={isSelected ? 'subtle' : 'ghost'}
                  aria-pressed={isSelected}
                  disabled={!allowed}
                  onClick={() => onSelect(user)}
                  w="full"
                  h="auto"
                  py="2"
                  justifyContent="flex-start"
                  textAlign="start"
                  whiteSpace="normal"
                >
                  <Stack gap="1" align="flex-start">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium">{user.Username}</Text>
                      <RoleBadge role={user.CommerceRole} />
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      {user.UserInteropId}
                    </Text>
                    {user.CommerceRole !== 'Seller' && user.CompanyName ? (
                      <Text fontSize="xs">{user.CompanyName}</Text>
                    ) : null}
                    {allowed ? null : (
                      <Text fontSize="xs" color="fg.error">
                        You lack permission to impersonate {user.CommerceRole} users.
                      </Text>
                    )}
                  </Stack>
                </Button>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** The side panel that picks an API client and one of its users. */
function ContextPicker({
  open,
  onCancel,
  onApply,
}: {
  open: boolean;
  onCancel: () => void;
  onApply: (context: ImpersonationContext) => void;
}) {
  const { marketplace, me } = usePortalContext();
  const [client, setClient] = useState<PortalApiClient | null>(null);
  const [user, setUser] = useState<ImpersonationUser | null>(null);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      placement="end"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px" borderColor="border">
              <Drawer.Title>Select context</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                {hasAnyImpersonationGrant(me.ScPermissionGrants) ? null : (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Description>{NO_IMPERSONATION_GRANT_TEXT}</Alert.Description>
                  </Alert.Root>
                )}
                <ClientSearch
                  marketplaceId={marketplace.Id}
                  selected={client}
                  onSelect={(next) => {
                    setClient(next);
                    setUser(null);
                  }}
                />
                {client === null ? null : (
                  <UserSearch
                    key={client.Id}
                    marketplaceId={marketplace.Id}
                    clientId={client.Id}
                    grants={me.ScPermissionGrants}
                    selected={user}
                    onSelect={setUser}
                  />
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button disabled={user === null} onClick={() => (user === null ? undefined : onApply(toContext(user)))}>
                Apply
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close context selection" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * The console sidebar's impersonation panel (spec §2): picks a context, shows it, and pauses, resumes, changes or
 * stops it. Requests pick up the change through `useImpersonation().consoleToken`.
 */
export function ImpersonationPanel() {
  const { state, apply, pause, resume, stop, change, cancel } = useImpersonation();
  const context = state.context;
  return (
    <Box as="section" aria-labelledby="impersonation-heading" borderWidth="1px" borderColor="border" rounded="md" p="3">
      <Text as="h2" id="impersonation-heading" fontWeight="semibold" mb="2">
        Impersonation
      </Text>
      {context === null ? (
        <Button size="sm" variant="outline" onClick={change}>
          Select context
        </Button>
      ) : (
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <RoleBadge role={context.CommerceRole} />
            <Badge size="sm" colorPalette={state.on ? 'green' : 'gray'}>
              {state.on ? 'On' : 'Paused'}
            </Badge>
          </HStack>
          <Text fontWeight="medium" wordBreak="break-all">
            {context.Username}
          </Text>
          {showsCompanyName(context) && context.CompanyName ? (
            <Text fontSize="sm" color="fg.muted">
              {context.CompanyName}
            </Text>
          ) : null}
          <HStack gap="2" wrap="wrap">
            {state.on ? (
              <Button size="xs" variant="outline" onClick={pause}>
                Pause
              </Button>
            ) : (
              <Button size="xs" variant="outline" onClick={resume}>
                Resume
              </Button>
            )}
            <Button size="xs" variant="outline" onClick={change}>
              Change
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={stop}>
              Stop
            </Button>
          </HStack>
        </Stack>
      )}
      {/* Mounted only while picking, so every open starts with empty searches. */}
      {state.picking ? <ContextPicker open onCancel={cancel} onApply={apply} /> : null}
    </Box>
  );
}
