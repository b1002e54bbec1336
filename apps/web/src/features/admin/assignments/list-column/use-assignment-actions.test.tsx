import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { buildApiDescription } from '@/description/index-description';
import { createQueryClient } from '@/lib/query-client';
import { collectionByKey } from '../../catalogue/catalogue';
import { realPlatformDocument } from '../../catalogue/real-platform-description';
import { bindListAssignments } from './list-assignment-binding';
import { SKIPPED_ASSIGNED, useAssignmentActions } from './use-assignment-actions';

// The actions against a stubbed network that answers as the platform does: each row's call on its own, a refusal
// with `Errors[].Message`, and calls held open so cancel can be seen.
const description = buildApiDescription(realPlatformDocument());
const binding = bindListAssignments(description, collectionByKey('buyers.users'));
if (!binding) throw new Error('buyers.users declares no assignment switcher');

const ROUTE = { buyerID: 'b1' };
const CHOICE = { UserGroupID: 'g1' };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProvider queryClient={createQueryClient()}>
      <TestPortal value={testPortalContext({ description })}>{children}</TestPortal>
    </AppProvider>
  );
}

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A network whose answers the test decides per call; every call is recorded. */
function stubNetwork(answer: (sent: Sent) => Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = {
        method: init?.method ?? 'GET',
        url: String(input instanceof Request ? input.url : input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      sent.push(request);
      return answer(request);
    }),
  );
  return sent;
}

const rows = (...ids: string[]) => ids.map((id) => ({ id, name: `User ${id}` }));

describe('useAssignmentActions', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('assigns each row with its own call; a refused row keeps its reasons and the others succeed', async () => {
    const sent = stubNetwork(async ({ body }) => {
      const userId = (body as { UserID?: string } | null)?.UserID;
      if (userId === 'gone') return json(404, { Errors: [{ ErrorCode: 'NotFound', Message: 'User not found: gone' }] });
      return json(200, body);
    });
    const { result } = renderHook(() => useAssignmentActions(binding, ROUTE, CHOICE, new Map()), { wrapper });
    await act(() => result.current.run('assign', rows('u1', 'gone', 'u3'), true));
    const posts = sent.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual(
      Array(3).fill('http://localhost/platform/v1/buyers/b1/usergroups/assignments'),
    );
    expect(posts.map((call) => call.body)).toEqual([
      { UserGroupID: 'g1', UserID: 'u1' },
      { UserGroupID: 'g1', UserID: 'gone' },
      { UserGroupID: 'g1', UserID: 'u3' },
    ]);
    expect(result.current.outcomes.get('u1')).toEqual({ status: 'succeeded' });
    expect(result.current.outcomes.get('gone')).toEqual({ status: 'failed', messages: ['User not found: gone'] });
    expect(result.current.report).toEqual(
      expect.objectContaining({
        text: 'Assigned 2 of 3. 1 failed.',
        failures: [{ row: { id: 'gone', name: 'User gone' }, messages: ['User not found: gone'] }],
      }),
    );
    expect(result.current.progress).toBeNull();
    expect(result.current.busy.size).toBe(0);
  });

  it('sends no call for a row already assigned, and unassigns through the record’s delete', async () => {
    const sent = stubNetwork(async () => new Response(null, { status: 204 }));
    const matched = new Map([['u1', { UserGroupID: 'g1', UserID: 'u1' }]]);
    const { result } = renderHook(() => useAssignmentActions(binding, ROUTE, CHOICE, matched), { wrapper });
    await act(() => result.current.run('assign', rows('u1'), false));
    expect(result.current.outcomes.get('u1')).toEqual({ status: 'skipped', reason: SKIPPED_ASSIGNED });
    expect(sent).toEqual([]);
    await act(() => result.current.run('unassign', rows('u1'), false));
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE http://localhost/platform/v1/buyers/b1/usergroups/g1/assignments/u1',
    ]);
    expect(result.current.outcomes.get('u1')).toEqual({ status: 'succeeded' });
    // A single row's action has no summary: its cell says how it went.
    expect(result.current.report).toBeNull();
  });

  it('cancel sends no further call; those sent finish and the rest are reported cancelled', async () => {
    const held: (() => void)[] = [];
    const sent = stubNetwork(
      ({ body }) => new Promise<Response>((resolve) => held.push(() => resolve(json(200, body)))),
    );
    const { result } = renderHook(() => useAssignmentActions(binding, ROUTE, CHOICE, new Map()), { wrapper });
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.run('assign', rows('a', 'b', 'c', 'd', 'e', 'f'), true);
    });
    await waitFor(() => expect(held).toHaveLength(4));
    expect(result.current.progress).toEqual({ action: 'assign', done: 0, total: 6, failed: 0 });
    act(() => result.current.cancel());
    await act(async () => {
      for (const release of held) release();
      await finished;
    });
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(4);
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => result.current.outcomes.get(id)?.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
      'cancelled',
      'cancelled',
    ]);
    expect(result.current.report?.text).toBe('Assigned 4 of 6. 2 cancelled.');
  });
});
