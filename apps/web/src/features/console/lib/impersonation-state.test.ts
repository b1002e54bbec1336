import { describe, expect, it } from 'vitest';
import {
  activeImpersonation,
  type ImpersonationContext,
  impersonationReducer,
  impersonationStorageKey,
  INITIAL_IMPERSONATION,
  readImpersonation,
  showsCompanyName,
  writeImpersonation,
} from './impersonation-state';
import { memoryStorage, throwingStorage } from './test-storage';

const buyer: ImpersonationContext = {
  ClientId: 'client-1',
  Username: 'jane',
  CompanyInteropId: 'buyer-1',
  CommerceRole: 'Buyer',
  CompanyName: 'Acme',
};
const seller: ImpersonationContext = { ...buyer, CommerceRole: 'Seller', Username: 'sam' };

describe('impersonationReducer', () => {
  it('applies a context and turns on, closing the picker', () => {
    const picking = impersonationReducer(INITIAL_IMPERSONATION, { type: 'change' });
    expect(picking.picking).toBe(true);
    expect(impersonationReducer(picking, { type: 'apply', context: buyer })).toEqual({
      on: true,
      context: buyer,
      picking: false,
    });
  });

  it('pauses and resumes', () => {
    const on = impersonationReducer(INITIAL_IMPERSONATION, { type: 'apply', context: buyer });
    const paused = impersonationReducer(on, { type: 'pause' });
    expect(activeImpersonation(paused)).toBeNull();
    expect(paused.context).toBe(buyer);
    expect(activeImpersonation(impersonationReducer(paused, { type: 'resume' }))).toBe(buyer);
  });

  it('ignores pause/resume without a context and returns the same state for no-ops', () => {
    expect(impersonationReducer(INITIAL_IMPERSONATION, { type: 'resume' })).toBe(INITIAL_IMPERSONATION);
    expect(impersonationReducer(INITIAL_IMPERSONATION, { type: 'pause' })).toBe(INITIAL_IMPERSONATION);
    expect(impersonationReducer(INITIAL_IMPERSONATION, { type: 'cancel' })).toBe(INITIAL_IMPERSONATION);
  });

  it('change keeps the current context working until apply, cancel closes the picker', () => {
    const on = impersonationReducer(INITIAL_IMPERSONATION, { type: 'apply', context: buyer });
    const changing = impersonationReducer(on, { type: 'change' });
    expect(activeImpersonation(changing)).toBe(buyer);
    expect(impersonationReducer(changing, { type: 'cancel' })).toEqual(on);
    expect(impersonationReducer(changing, { type: 'apply', context: seller }).context).toBe(seller);
  });

  it('stop clears the context and turns off, even when paused', () => {
    const paused = impersonationReducer(
      impersonationReducer(INITIAL_IMPERSONATION, { type: 'apply', context: buyer }),
      {
        type: 'pause',
      },
    );
    expect(impersonationReducer(paused, { type: 'stop' })).toEqual(INITIAL_IMPERSONATION);
  });

  it('hides the company name for sellers', () => {
    expect(showsCompanyName(buyer)).toBe(true);
    expect(showsCompanyName(seller)).toBe(false);
  });
});

describe('impersonation storage', () => {
  it('round-trips on/off and context per marketplace, without the picker flag', () => {
    const storage = memoryStorage();
    writeImpersonation(storage, 'm1', { on: false, context: buyer, picking: true });
    expect(readImpersonation(storage, 'm1')).toEqual({ on: false, context: buyer, picking: false });
    expect(readImpersonation(storage, 'm2')).toEqual(INITIAL_IMPERSONATION);
  });

  it('removes the key on stop', () => {
    const storage = memoryStorage();
    writeImpersonation(storage, 'm1', { on: true, context: buyer, picking: false });
    writeImpersonation(storage, 'm1', INITIAL_IMPERSONATION);
    expect(storage.data.has(impersonationStorageKey('m1'))).toBe(false);
  });

  it('tolerates a seller without company fields', () => {
    const raw = JSON.stringify({ on: true, context: { ClientId: 'c', Username: 'u', CommerceRole: 'Seller' } });
    expect(readImpersonation(memoryStorage({ [impersonationStorageKey('m1')]: raw }), 'm1').context).toEqual({
      ClientId: 'c',
      Username: 'u',
      CommerceRole: 'Seller',
      CompanyInteropId: '',
      CompanyName: '',
    });
  });

  it.each([
    '{oops',
    'null',
    JSON.stringify({ on: true }),
    JSON.stringify({ on: true, context: { ...buyer, CommerceRole: 'Admin' } }),
    JSON.stringify({ on: true, context: { ...buyer, Username: '' } }),
  ])('ignores corrupt value %s', (raw) => {
    expect(readImpersonation(memoryStorage({ [impersonationStorageKey('m1')]: raw }), 'm1')).toEqual(
      INITIAL_IMPERSONATION,
    );
  });

  it('survives a throwing storage', () => {
    expect(readImpersonation(throwingStorage, 'm1')).toEqual(INITIAL_IMPERSONATION);
    expect(() => writeImpersonation(throwingStorage, 'm1', { on: true, context: buyer, picking: false })).not.toThrow();
  });
});
