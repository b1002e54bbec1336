import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { fixtureDocument } from '@/description/test-fixtures';
import { checkSelection, effectiveOperationId } from './console-selection';

const api = buildApiDescription(fixtureDocument());
const state = (resourceId: string, operationId: string | null) => ({ resourceId, operationId, jsonMode: true });

describe('checkSelection', () => {
  it('keeps a selection the description has', () => {
    expect(checkSelection(api, state('AdminUsers', 'AdminUsers.Create'))).toEqual({
      state: state('AdminUsers', 'AdminUsers.Create'),
      unknownId: null,
    });
  });

  it('falls back to Me for an unknown resource and names what was missing', () => {
    expect(checkSelection(api, state('Gone', null))).toEqual({ state: state('Me', null), unknownId: 'Gone' });
    expect(checkSelection(api, state('Gone', 'Gone.List'))).toEqual({
      state: state('Me', null),
      unknownId: 'Gone.List',
    });
  });

  it('clears an operation the resource lacks but keeps the resource', () => {
    expect(checkSelection(api, state('AdminUsers', 'AdminUsers.Explode'))).toEqual({
      state: state('AdminUsers', null),
      unknownId: 'AdminUsers.Explode',
    });
  });

  it('takes ids only, not tag names', () => {
    expect(checkSelection(api, state('Admin Users', null)).unknownId).toBe('Admin Users');
  });
});

describe('effectiveOperationId', () => {
  it('uses the remembered operation, else the first one the roles permit', () => {
    expect(effectiveOperationId(api, [], state('AdminUsers', 'AdminUsers.Create'))).toBe('AdminUsers.Create');
    expect(effectiveOperationId(api, ['AdminUserAdmin'], state('AdminUsers', null))).toBe('AdminUsers.List');
    expect(effectiveOperationId(api, [], state('Nope', null))).toBeNull();
  });
});
