import { describe, expect, it } from 'vitest';
import { visibleTools } from './self-service-tools';

describe('visibleTools', () => {
  it('lists staging restore only on Staging, marked BETA', () => {
    expect(visibleTools('Sandbox').map((tool) => tool.path)).toEqual([
      'index-tools',
      'sync-tools',
      'received-deliveries',
      'subscriptions',
    ]);
    expect(visibleTools('Production').map((tool) => tool.path)).not.toContain('staging-restore');
    const staging = visibleTools('Staging');
    expect(staging.map((tool) => tool.path)).toEqual([
      'index-tools',
      'sync-tools',
      'received-deliveries',
      'subscriptions',
      'staging-restore',
    ]);
    expect(staging.at(-1)?.beta).toBe(true);
  });
});
