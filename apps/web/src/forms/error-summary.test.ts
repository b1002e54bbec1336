import { describe, expect, it } from 'vitest';
import { errorSummary } from './error-summary';

describe('errorSummary', () => {
  it('is null without messages', () => {
    expect(errorSummary([])).toBeNull();
  });

  it('shows a single message as itself', () => {
    expect(errorSummary(['Name is required'])).toEqual({ title: 'Name is required', items: [] });
  });

  it('counts several messages and lists them', () => {
    expect(errorSummary(['a', 'b', 'c'])).toEqual({ title: '3 errors need to be resolved.', items: ['a', 'b', 'c'] });
  });
});
