import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_TOOLS, visibleTools } from './self-service-tools';

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

  it('has no placeholder left: every tool is a real page', () => {
    expect(SELF_SERVICE_TOOLS.filter((tool) => !tool.placeholder).map((tool) => tool.path)).toEqual([
      'index-tools',
      'sync-tools',
      'received-deliveries',
      'subscriptions',
      'staging-restore',
    ]);
  });
});
