import { Alert, Box, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { decodeTokenRoles } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { PickerSourceProvider } from '@/forms/pickers/picker-source';
import { jsonText } from '@/ui/json-view';
import { toaster } from '@/ui/toaster';
import { ResourcesColumn, ResourcesDrawerButton } from './console-resources';
import { ConsoleSidebar } from './console-sidebar';
import { useImpersonation } from './impersonation/use-impersonation';
import { checkSelection, effectiveOperationId } from './lib/console-selection';
import { applySearchSelection, writeConsoleState, type ConsoleState } from './lib/console-storage';
import { toCurl, toSdkCall } from './lib/copy-as';
import { linkedDraft } from './lib/linked-draft';
import { appendRequest, type RequestLogEntry } from './lib/request-log';
import { OperationPicker } from './operation-picker';
import type { RequestDraft } from './query-draft';
import { TokenDetails } from './token-details';
import { RequestForm } from './request-form';
import { RequestLogPanel } from './request-log-panel';
import { sendConsoleRequest, type SentRequest } from './send-request';

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toaster.create({ type: 'success', title: `Copied ${what}` });
  } catch {
    toaster.create({ type: 'error', title: 'Copy failed', description: 'The browser did not allow the copy.' });
  }
}

export interface ConsolePageProps {
  /** The Impersonation panel, rendered at the top of the sidebar (spec §2); nothing until it exists. */
  readonly impersonationSlot?: ReactNode;
}

/**
 * The API console (spec §2 "/console"): pick a resource and operation, send it with the developer
 * token, or with the impersonation token while impersonation is on.
 */
export function ConsolePage({ impersonationSlot }: ConsolePageProps) {
  const { marketplace, platformBaseUrl, developerToken, roles: developerRoles, description } = usePortalContext();
  // While impersonating, requests and the access checks use the impersonation token (spec §6).
  const { consoleToken: token } = useImpersonation();
  const roles = token === developerToken ? developerRoles : decodeTokenRoles(token);
  const location = useLocation();
  const [initial] = useState(() =>
    checkSelection(description, applySearchSelection(browserStorage(), marketplace.Id, location.search)),
  );
  const [state, setState] = useState<ConsoleState>(initial.state);
  // A logged request loaded back into the form; `key` remounts the form so it starts from that draft.
  const [editing, setEditing] = useState<{ key: string; draft: RequestDraft } | null>(null);
  const requestHeading = useRef<HTMLHeadingElement>(null);
  const [log, setLog] = useState<readonly RequestLogEntry[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sent = useRef(new Map<string, SentRequest>());

  useEffect(() => {
    writeConsoleState(browserStorage(), marketplace.Id, state);
  }, [marketplace.Id, state]);

  // Requests that fell off the 50-entry log can no longer be copied or edited, so their details are let go.
  useEffect(() => {
    const kept = new Set(log.map((entry) => entry.id));
    for (const id of sent.current.keys()) if (!kept.has(id)) sent.current.delete(id);
  }, [log]);

  const resource = description.resourcesById[state.resourceId];
  const operationId = effectiveOperationId(description, roles, state);
  const operation = operationId === null ? undefined : description.operationsById[operationId];

  const send = async (request: SentRequest) => {
    setSending(true);
    try {
      const entry = await sendConsoleRequest(request, { baseUrl: platformBaseUrl, token });
      sent.current.set(entry.id, request);
      setLog((current) => appendRequest(current, entry));
      setSelectedId(entry.id);
    } catch (error) {
      toaster.create({ type: 'error', title: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };

  const withRequest = (entry: RequestLogEntry, action: (request: SentRequest) => void) => {
    const request = sent.current.get(entry.id);
    if (request) action(request);
  };

  const edit = (request: SentRequest, entryId: string) => {
    const { operation, draft } = request;
    setState({ ...state, resourceId: operation.resourceId, operationId: operation.id });
    setEditing(draft ? { key: entryId, draft } : null);
    // Keyboard and screen-reader users land where the loaded request now is.
    requestHeading.current?.focus();
  };

  // One list, shown as a column beside the form from lg and in a drawer below it (console-resources.tsx).
  const sidebar = (close?: () => void) => (
    <ConsoleSidebar
      description={description}
      roles={roles}
      resourceId={state.resourceId}
      onSelect={(resourceId) => {
        setEditing(null);
        setState({ ...state, resourceId, operationId: null });
        close?.();
      }}
      impersonationSlot={impersonationSlot}
    />
  );

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        API console
      </Heading>
      {initial.unknownId !== null && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            {`"${initial.unknownId}" is not part of this marketplace's API description, so the console opened ${
              description.resourcesById[initial.state.resourceId]?.name ?? initial.state.resourceId
            } instead.`}
          </Alert.Description>
        </Alert.Root>
      )}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '240px minmax(0, 1fr) minmax(0, 1fr)' }}
        gap="6"
        alignItems="start"
      >
        <ResourcesColumn>{sidebar()}</ResourcesColumn>
        <Stack as="section" aria-label="Request" gap="4" minW="0">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h2" size="md" ref={requestHeading} tabIndex={-1} outline="none">
              {resource?.name ?? state.resourceId}
            </Heading>
            <ResourcesDrawerButton current={resource?.name ?? state.resourceId}>{sidebar}</ResourcesDrawerButton>
          </HStack>
          <TokenDetails
            description={description}
            baseApiUrl={`${platformBaseUrl.replace(/\/+$/, '')}/v1`}
            marketplaceId={marketplace.Id}
            token={token}
            impersonating={token !== developerToken}
            onCopyToken={() => void copy(token, 'token')}
          />
          {resource ? (
            <OperationPicker
              operations={resource.operations}
              roles={roles}
              value={operationId}
              onChange={(id) => {
                setEditing(null);
                setState({ ...state, operationId: id });
              }}
            />
          ) : (
            <Text>This resource is not part of the API description.</Text>
          )}
          {operation && (
            // Spec 2 §6: lookups follow the impersonation token while impersonating, so pickers list what it sees.
            <PickerSourceProvider baseUrl={platformBaseUrl} token={token} description={description}>
              <RequestForm
                key={`${operation.id}:${editing?.key ?? ''}`}
                operation={operation}
                initialDraft={editing?.draft ?? linkedDraft(operation, location.search)}
                jsonMode={state.jsonMode}
                onJsonModeChange={(jsonMode) => setState({ ...state, operationId: operation.id, jsonMode })}
                sending={sending}
                onSend={(input, body, draft) => void send({ operation, input, body, draft })}
              />
            </PickerSourceProvider>
          )}
        </Stack>
        <Box as="section" aria-label="Requests" minW="0">
          <Heading as="h2" size="md" mb="3">
            Requests
          </Heading>
          <RequestLogPanel
            log={log}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onCopyCurl={(entry) =>
              void copy(
                toCurl({
                  method: entry.method,
                  url: entry.request.url,
                  headers: { Authorization: `Bearer ${token}` },
                  body: entry.request.body,
                }),
                'cURL command',
              )
            }
            onCopySdk={(entry) =>
              withRequest(
                entry,
                (request) =>
                  void copy(toSdkCall(request.operation, { ...request.input, body: request.body }), 'SDK call'),
              )
            }
            onCopyResponse={(entry) => void copy(jsonText(entry.response), 'response')}
            onSendAgain={(entry) => withRequest(entry, (request) => void send(request))}
            onEdit={(entry) => withRequest(entry, (request) => edit(request, entry.id))}
          />
        </Box>
      </Grid>
    </Stack>
  );
}
