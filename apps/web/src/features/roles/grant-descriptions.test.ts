import { describe, expect, it } from 'vitest';
import { GRANTS } from '@/services/portal';
import { GRANT_DESCRIPTIONS, grantDescription } from './grant-descriptions';

describe('grant descriptions', () => {
  it('describes every grant the portal knows', () => {
    for (const grant of GRANTS) expect(grantDescription(grant), grant).not.toBe('');
  });

  it('describes the change history grant', () => {
    expect(GRANT_DESCRIPTIONS.AuditReader).toMatch(/change history/);
  });
});
