import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '@/services/portal-error';
import { hasAnyImpersonationGrant, searchErrorText } from './impersonation-panel';

describe('impersonation picker messages', () => {
  it('names the missing permission when the user search is refused', () => {
    const refused = errorFromResponse(403, { title: 'Forbidden', detail: 'ImpersonateBuyer is needed.' });
    expect(searchErrorText(refused, 'users')).toMatch(/^You do not have permission to see the users/);
    expect(searchErrorText(refused, 'API clients')).toMatch(/^You do not have permission to see the API clients/);
  });

  it('keeps the server explanation for other failures', () => {
    const failed = errorFromResponse(500, { title: 'Server error', detail: 'The platform did not answer.' });
    expect(searchErrorText(failed, 'users')).toBe('The users could not be loaded. The platform did not answer.');
    expect(searchErrorText('odd', 'users')).toBe('The users could not be loaded.');
  });

  it('knows when no impersonation grant is held', () => {
    expect(hasAnyImpersonationGrant(undefined)).toBe(false);
    expect(hasAnyImpersonationGrant({ IndexAdmin: true, ImpersonateBuyer: false })).toBe(false);
    expect(hasAnyImpersonationGrant({ ImpersonateSupplier: true })).toBe(true);
  });
});
