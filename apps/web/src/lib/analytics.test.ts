import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageEvent } from './analytics-events';
import { pagePattern } from './analytics-events';
import { createBatchingAnalyticsClient, MAX_BATCH } from './analytics';

let batches: UsageEvent[][];
const send = (events: UsageEvent[]) => {
  batches.push(events);
  return Promise.resolve();
};

beforeEach(() => {
  batches = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('createBatchingAnalyticsClient', () => {
  it('sends what gathered during the interval as one batch', async () => {
    const client = createBatchingAnalyticsClient({ send, enabled: Promise.resolve(true), intervalMs: 5_000 });
    await Promise.resolve();
    client.page('/admin/products/red-shirt?page=2');
    client.track('console.send', { method: 'GET', operationId: 'Products.List' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { name: 'page.view', props: { path: '/admin/products/:id' } },
        { name: 'console.send', props: { method: 'GET', operationId: 'Products.List' } },
      ],
    ]);
    // Nothing is sent twice.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(batches).toHaveLength(1);
  });

  it('sends a full batch at once, and the rest on flush', async () => {
    const client = createBatchingAnalyticsClient({ send, enabled: Promise.resolve(true), batchSize: 3 });
    await Promise.resolve();
    for (let n = 0; n < 4; n++) client.track('expressions.save');
    expect(batches.map((batch) => batch.length)).toEqual([3]);
    client.flush();
    expect(batches.map((batch) => batch.length)).toEqual([3, 1]);
  });

  it('keeps events until the portal answers, then sends them', async () => {
    let answer: (enabled: boolean) => void = () => undefined;
    const client = createBatchingAnalyticsClient({ send, enabled: new Promise((resolve) => (answer = resolve)) });
    client.track('impersonation.start');
    client.flush();
    expect(batches).toEqual([]);
    answer(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches).toEqual([[{ name: 'impersonation.start' }]]);
  });

  it('sends nothing at all when the portal says analytics is off', async () => {
    const client = createBatchingAnalyticsClient({ send, enabled: Promise.resolve(false) });
    client.track('self-service.sync', { kind: 'Products' });
    await vi.advanceTimersByTimeAsync(0);
    client.track('self-service.sync', { kind: 'Orders' });
    client.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toEqual([]);
  });

  it('splits a long queue into batches the service takes', async () => {
    let answer: (enabled: boolean) => void = () => undefined;
    const client = createBatchingAnalyticsClient({ send, enabled: new Promise((resolve) => (answer = resolve)) });
    for (let n = 0; n < MAX_BATCH + 5; n++) client.page('/');
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    client.flush();
    expect(batches.map((batch) => batch.length)).toEqual([MAX_BATCH, 5]);
  });
});

describe('pagePattern', () => {
  it.each([
    ['/', '/'],
    ['/roles?organization=acme', '/roles'],
    ['/console', '/console'],
    ['/self-service/sync-tools', '/self-service/sync-tools'],
    ['/admin/products/red-shirt/variants/v-1', '/admin/products/:id/variants/:id'],
    ['/admin/orders/incoming/ORD-42', '/admin/orders/incoming/:id'],
    ['/admin/products/new', '/admin/products/new'],
    ['/articles/getting-started', '/articles/:id'],
  ])('%s -> %s', (path, pattern) => {
    expect(pagePattern(path)).toBe(pattern);
  });
});
