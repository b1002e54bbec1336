import { describe, expect, it } from 'vitest';
import { classify } from './classify.ts';

describe('classify', () => {
  it('names a sync batch by entity, batch, last batch and item count', () => {
    const batch = (fields: object) => JSON.stringify({ SyncRunID: 'r1', Entity: 'Orders', ...fields });
    expect(classify(batch({ Batch: 3, IsLastBatch: true, Items: [{}, {}] }))).toEqual({
      kind: 'Sync',
      summary: 'Orders, batch 3 (last), 2 items',
    });
    expect(classify(batch({ Batch: 1, IsLastBatch: false, Items: [{}] }))).toEqual({
      kind: 'Sync',
      summary: 'Orders, batch 1, 1 item',
    });
  });

  it('names a webhook call by verb and route, and a post-restore notification by whether it is a test', () => {
    expect(classify('{"Route":"v1/orders/{direction}/{orderID}/submit","Verb":"POST"}')).toEqual({
      kind: 'Webhook',
      summary: 'POST v1/orders/{direction}/{orderID}/submit',
    });
    expect(classify('{"Event":"StagingRestoreCompleted","Test":true}')).toEqual({
      kind: 'StagingRestore',
      summary: 'Staging restore (test)',
    });
    expect(classify('{"Event":"StagingRestoreCompleted","Test":false}').summary).toBe('Staging restore completed');
  });

  it('calls anything else Other, saying what it is', () => {
    expect(classify('')).toEqual({ kind: 'Other', summary: 'Empty body' });
    expect(classify('[1,2]')).toEqual({ kind: 'Other', summary: 'Not a JSON object' });
    expect(classify('not json')).toEqual({ kind: 'Other', summary: 'Not a JSON object' });
    expect(classify('{"a":1}')).toEqual({ kind: 'Other', summary: 'JSON object with 1 field' });
    // A half-made sync body (no entity) is not taken for a sync.
    expect(classify('{"SyncRunID":"r1","Items":[]}').kind).toBe('Other');
  });
});
