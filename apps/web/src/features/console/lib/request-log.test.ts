import { describe, expect, it } from 'vitest';
import {
  appendRequest,
  byteSize,
  hasPayload,
  hasResponseData,
  REQUEST_LOG_LIMIT,
  type RequestLogEntry,
} from './request-log';

function entry(id: string, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    id,
    method: 'get',
    path: '/me',
    status: 200,
    durationMs: 12,
    sizeBytes: 2,
    request: { url: 'https://api.example.test/v1/me', query: [], body: undefined },
    response: {},
    ...overrides,
  };
}

describe('appendRequest', () => {
  it('puts the newest first without mutating the old log', () => {
    const first = appendRequest([], entry('1'));
    const second = appendRequest(first, entry('2'));
    expect(second.map((e) => e.id)).toEqual(['2', '1']);
    expect(first.map((e) => e.id)).toEqual(['1']);
  });

  it('keeps 50 entries: the 51st drops the oldest', () => {
    let log: readonly RequestLogEntry[] = [];
    for (let i = 1; i <= REQUEST_LOG_LIMIT + 1; i += 1) log = appendRequest(log, entry(String(i)));
    expect(REQUEST_LOG_LIMIT).toBe(50);
    expect(log).toHaveLength(50);
    expect(log[0]?.id).toBe('51');
    expect(log.at(-1)?.id).toBe('2');
  });

  it('replaces an entry with the same id instead of duplicating it', () => {
    const log = appendRequest(appendRequest([entry('1')], entry('2')), entry('1', { status: 500 }));
    expect(log.map((e) => [e.id, e.status])).toEqual([
      ['1', 500],
      ['2', 200],
    ]);
  });

  it('honours a custom limit', () => {
    expect(appendRequest([entry('1')], entry('2'), 1).map((e) => e.id)).toEqual(['2']);
    expect(appendRequest([entry('1')], entry('2'), 0)).toEqual([]);
  });
});

describe('payload and response checks', () => {
  it('detects a payload from query or body', () => {
    expect(hasPayload(entry('1'))).toBe(false);
    expect(hasPayload(entry('1', { request: { url: '', query: [['page', '1']], body: undefined } }))).toBe(true);
    expect(hasPayload(entry('1', { request: { url: '', query: [], body: { Name: 'x' } } }))).toBe(true);
  });

  it('treats a missing or empty response as no data', () => {
    expect(hasResponseData(entry('1', { response: undefined }))).toBe(false);
    expect(hasResponseData(entry('1', { response: '' }))).toBe(false);
    expect(hasResponseData(entry('1', { response: { ID: 'x' } }))).toBe(true);
  });

  it('counts bytes, not characters', () => {
    expect(byteSize('é')).toBe(2);
  });
});
