import { describe, expect, it } from 'vitest';
import { runBulk, summarizeBulk, type BulkProgress } from './bulk-run';

/** A promise settled from outside, so a test decides when each call answers. */
function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runBulk', () => {
  it('answers every row in the rows’ order, whatever order the calls settle in', async () => {
    const outcomes = await runBulk([30, 10, 20], (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    expect(outcomes).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }, { status: 'succeeded' }]);
  });

  it('keeps a refused row to itself: the others still run and succeed, with the refusal’s messages', async () => {
    const sent: string[] = [];
    const outcomes = await runBulk(
      ['u1', 'gone', 'u3'],
      async (id) => {
        sent.push(id);
        if (id === 'gone') throw Object.assign(new Error('404'), { body: { Errors: [{ Message: 'not found' }] } });
      },
      { messagesOf: (error) => [(error as { body: { Errors: { Message: string }[] } }).body.Errors[0]?.Message ?? ''] },
    );
    expect(sent.sort()).toEqual(['gone', 'u1', 'u3']);
    expect(outcomes).toEqual([
      { status: 'succeeded' },
      { status: 'failed', messages: ['not found'] },
      { status: 'succeeded' },
    ]);
  });

  it('uses the error’s own message when told nothing else', async () => {
    const [outcome] = await runBulk([1], () => Promise.reject(new Error('offline')));
    expect(outcome).toEqual({ status: 'failed', messages: ['offline'] });
  });

  it('reports a skipped row with its reason and sends nothing for it', async () => {
    const outcomes = await runBulk(['a', 'b'], async (id) =>
      id === 'a' ? { skipped: 'Already assigned' } : undefined,
    );
    expect(outcomes).toEqual([{ status: 'skipped', reason: 'Already assigned' }, { status: 'succeeded' }]);
  });

  it('has at most four calls in flight, and starts the next as one settles', async () => {
    const calls = Array.from({ length: 10 }, () => deferred());
    let inFlight = 0;
    let most = 0;
    const run = runBulk(
      calls.map((_, index) => index),
      async (index) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await calls[index]?.promise;
        inFlight -= 1;
      },
    );
    await tick();
    expect(inFlight).toBe(4);
    calls[0]?.resolve();
    await tick();
    expect(inFlight).toBe(4);
    for (const call of calls) call.resolve();
    await run;
    expect(most).toBe(4);
  });

  it('honours another concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    await runBulk(
      [1, 2, 3, 4, 5],
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        inFlight -= 1;
      },
      { concurrency: 2 },
    );
    expect(most).toBe(2);
  });

  it('cancel starts no further row; calls already sent finish and report what the platform answered', async () => {
    const calls = Array.from({ length: 6 }, () => deferred());
    const controller = new AbortController();
    const started: number[] = [];
    const run = runBulk(
      calls.map((_, index) => index),
      async (index) => {
        started.push(index);
        await calls[index]?.promise;
      },
      { signal: controller.signal },
    );
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    controller.abort();
    calls[0]?.resolve();
    calls[1]?.reject(new Error('refused'));
    calls[2]?.resolve();
    calls[3]?.resolve();
    const outcomes = await run;
    expect(started).toEqual([0, 1, 2, 3]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'succeeded',
      'failed',
      'succeeded',
      'succeeded',
      'cancelled',
      'cancelled',
    ]);
  });

  it('reports progress as each row settles, counting failures', async () => {
    const progress: BulkProgress[] = [];
    const indexes: number[] = [];
    await runBulk(
      ['ok', 'bad', 'ok'],
      async (value) => {
        if (value === 'bad') throw new Error('bad');
      },
      {
        concurrency: 1,
        onSettled: (index, _outcome, now) => {
          indexes.push(index);
          progress.push(now);
        },
      },
    );
    expect(indexes).toEqual([0, 1, 2]);
    expect(progress).toEqual([
      { done: 1, total: 3, failed: 0 },
      { done: 2, total: 3, failed: 1 },
      { done: 3, total: 3, failed: 1 },
    ]);
  });

  it('answers an empty list at once', async () => {
    expect(await runBulk([], () => Promise.resolve())).toEqual([]);
  });
});

describe('summarizeBulk', () => {
  it('counts each outcome and says so', () => {
    const summary = summarizeBulk(
      [
        { status: 'succeeded' },
        { status: 'failed', messages: ['No'] },
        { status: 'skipped', reason: 'Already assigned' },
        { status: 'cancelled' },
        { status: 'succeeded' },
      ],
      'Assigned',
    );
    expect(summary).toEqual({
      succeeded: 2,
      failed: 1,
      skipped: 1,
      cancelled: 1,
      text: 'Assigned 2 of 5. 1 failed. 1 skipped. 1 cancelled.',
    });
  });

  it('says only what happened', () => {
    expect(summarizeBulk([{ status: 'succeeded' }], 'Unassigned').text).toBe('Unassigned 1 of 1.');
  });
});
