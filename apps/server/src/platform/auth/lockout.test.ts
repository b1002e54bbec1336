import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALLOWED_FAILED_ATTEMPTS,
  DEFAULT_LOCKOUT_MINUTES,
  lockoutPolicy,
  secretWithoutLock,
} from './lockout.ts';

const profile = (PasswordConfig: unknown) => ({ ID: 'p', Name: 'p', PasswordConfig });

describe('lockoutPolicy', () => {
  it('falls back to the defaults without a PasswordConfig, or with values below 1', () => {
    const defaults = {
      allowedFailedAttempts: DEFAULT_ALLOWED_FAILED_ATTEMPTS,
      lockoutMinutes: DEFAULT_LOCKOUT_MINUTES,
    };
    expect(lockoutPolicy([])).toEqual(defaults);
    expect(lockoutPolicy([profile(null), profile({ AllowedFailedAttempts: 0, LockoutDuration: -5 })])).toEqual(
      defaults,
    );
  });

  it('takes the fewest attempts and the longest lock among the profiles, each value on its own', () => {
    const policy = lockoutPolicy([
      profile({ AllowedFailedAttempts: 5, LockoutDuration: 10 }),
      profile({ AllowedFailedAttempts: 3 }),
      profile({ LockoutDuration: 60 }),
    ]);
    expect(policy).toEqual({ allowedFailedAttempts: 3, lockoutMinutes: 60 });
    expect(lockoutPolicy([profile({ AllowedFailedAttempts: 4 })])).toEqual({
      allowedFailedAttempts: 4,
      lockoutMinutes: DEFAULT_LOCKOUT_MINUTES,
    });
  });
});

describe('secretWithoutLock', () => {
  it('keeps the password hash and drops the lock time', () => {
    expect(secretWithoutLock({ Password: 'hash', LockedOutAt: '2030-01-01T00:00:00.000Z' })).toEqual({
      Password: 'hash',
    });
    expect(secretWithoutLock(undefined)).toBeUndefined();
  });
});
