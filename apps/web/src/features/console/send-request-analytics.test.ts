import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { fixtureDocument } from '@/description/test-fixtures';
import { noopAnalyticsClient, setAnalyticsClient, type AnalyticsClient } from '@/lib/analytics';
import { fakeFetch } from '@/services/test-fetch';
import { sendConsoleRequest } from './send-request';

const recording = {
  ...noopAnalyticsClient,
  track: vi.fn<AnalyticsClient['track']>(),
};
let previous: AnalyticsClient;
beforeEach(() => {
  previous = setAnalyticsClient(recording);
});
afterEach(() => {
  setAnalyticsClient(previous);
  recording.track.mockReset();
});

it('reports a sent console request by method and operation id, never its body or token', async () => {
  const operation = buildApiDescription(fixtureDocument()).operationsById['ApiClients.Create'];
  if (!operation) throw new Error('fixture lacks ApiClients.Create');
  const { fetch } = fakeFetch(() => ({ ID: 'new-client' }));
  await sendConsoleRequest(
    { operation, input: {}, body: { AppName: 'Secret app' } },
    { baseUrl: 'http://localhost/platform', token: 'developer-token', fetch },
  );
  expect(recording.track.mock.calls).toEqual([['console.send', { method: 'POST', operationId: 'ApiClients.Create' }]]);
});
