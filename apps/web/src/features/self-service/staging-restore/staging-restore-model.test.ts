import { describe, expect, it } from 'vitest';
import { restoredText, webhookErrors } from './staging-restore-model';

describe('post-restore webhook validation', () => {
  it('requires URL and HashKey (spec 1 §5); blanks count as empty', () => {
    expect(webhookErrors({ URL: '', HashKey: ' ' })).toEqual({
      URL: 'URL is required',
      HashKey: 'HashKey is required',
    });
    expect(webhookErrors({ URL: 'https://example.test/hook', HashKey: 'k' })).toEqual({});
    expect(webhookErrors({ URL: ' http://127.0.0.1:8080/x ', HashKey: 'k' })).toEqual({});
  });

  it('takes only http and https addresses, as the server does', () => {
    const message = 'URL must be a web address starting with https:// or http://.';
    expect(webhookErrors({ URL: 'example.test/hook', HashKey: 'k' }).URL).toBe(message);
    expect(webhookErrors({ URL: 'ftp://example.test/hook', HashKey: 'k' }).URL).toBe(message);
  });
});

describe('restore outcome', () => {
  it('names what was copied, from where, and whether the webhook was notified', () => {
    const summary = {
      StagingMarketplaceID: 'stg',
      SourceMarketplaceID: 'prd',
      DocumentsCopied: 12,
      AssignmentsCopied: 3,
      Notified: true,
    };
    expect(restoredText(summary)).toBe(
      '12 objects and 3 assignments copied from prd. The post-restore webhook was notified.',
    );
    expect(restoredText({ ...summary, Notified: false })).toBe('12 objects and 3 assignments copied from prd.');
  });
});
