import { describe, expect, it } from 'vitest';
import {
  applySearchSelection,
  consoleStorageKey,
  DEFAULT_CONSOLE_STATE,
  readConsoleState,
  selectionFromSearch,
  writeConsoleState,
} from './console-storage';
import { memoryStorage, throwingStorage } from './test-storage';

describe('console state storage', () => {
  it('defaults to the Me resource', () => {
    expect(readConsoleState(memoryStorage(), 'm1')).toEqual({ resourceId: 'Me', operationId: null, jsonMode: false });
    expect(readConsoleState(undefined, 'm1')).toEqual(DEFAULT_CONSOLE_STATE);
  });

  it('round-trips per marketplace', () => {
    const storage = memoryStorage();
    writeConsoleState(storage, 'm1', { resourceId: 'Products', operationId: 'Products.List', jsonMode: true });
    expect(readConsoleState(storage, 'm1')).toEqual({
      resourceId: 'Products',
      operationId: 'Products.List',
      jsonMode: true,
    });
    expect(readConsoleState(storage, 'm2')).toEqual(DEFAULT_CONSOLE_STATE);
    expect(consoleStorageKey('m1')).not.toBe(consoleStorageKey('m2'));
  });

  it.each(['{not json', '[]', 'null', '42', '"Products"'])('ignores corrupt value %s', (raw) => {
    expect(readConsoleState(memoryStorage({ [consoleStorageKey('m1')]: raw }), 'm1')).toEqual(DEFAULT_CONSOLE_STATE);
  });

  it('falls back field by field for wrong types and drops an operation of another resource', () => {
    const raw = JSON.stringify({ resourceId: 7, operationId: 'Products.List', jsonMode: 'yes' });
    expect(readConsoleState(memoryStorage({ [consoleStorageKey('m1')]: raw }), 'm1')).toEqual(DEFAULT_CONSOLE_STATE);
  });

  it('survives a throwing storage', () => {
    expect(readConsoleState(throwingStorage, 'm1')).toEqual(DEFAULT_CONSOLE_STATE);
    expect(() => writeConsoleState(throwingStorage, 'm1', DEFAULT_CONSOLE_STATE)).not.toThrow();
  });
});

describe('URL selection', () => {
  it('reads trimmed resourceId and operationId and skips blanks', () => {
    expect(selectionFromSearch('?resourceId=%20Products%20&operationId=')).toEqual({ resourceId: 'Products' });
    expect(selectionFromSearch(new URLSearchParams('operationId=Me.Get'))).toEqual({ operationId: 'Me.Get' });
  });

  it('stores the link selection as the last selection, keeping jsonMode', () => {
    const storage = memoryStorage();
    writeConsoleState(storage, 'm1', { resourceId: 'Me', operationId: 'Me.Get', jsonMode: true });
    const next = applySearchSelection(storage, 'm1', '?operationId=Products.List');
    expect(next).toEqual({ resourceId: 'Products', operationId: 'Products.List', jsonMode: true });
    expect(readConsoleState(storage, 'm1')).toEqual(next);
  });

  it('clears the operation when only another resource is given', () => {
    const storage = memoryStorage();
    writeConsoleState(storage, 'm1', { resourceId: 'Me', operationId: 'Me.Get', jsonMode: false });
    expect(applySearchSelection(storage, 'm1', '?resourceId=Buyers').operationId).toBeNull();
    expect(applySearchSelection(storage, 'm1', '?resourceId=Buyers&operationId=Me.Get').operationId).toBeNull();
  });

  it('keeps the remembered state and writes nothing without URL parameters', () => {
    const storage = memoryStorage();
    expect(applySearchSelection(storage, 'm1', '')).toEqual(DEFAULT_CONSOLE_STATE);
    expect(storage.data.size).toBe(0);
  });
});
