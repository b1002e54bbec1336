import { describe, expect, it } from 'vitest';
import { bodyValue, outcomeText, sizeText } from './received-model';

describe('received deliveries model', () => {
  it('says what the receiver answered', () => {
    expect(outcomeText({ Outcome: 'Accepted', ResponseStatus: 200 })).toBe('Accepted, answered 200');
    expect(outcomeText({ Outcome: 'Duplicate', ResponseStatus: 200 })).toBe(
      'Duplicate, answered 200 (already received)',
    );
  });

  it('gives sizes in bytes, KB and MB', () => {
    expect(sizeText(900)).toBe('900 bytes');
    expect(sizeText(2048)).toBe('2.0 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('shows whole JSON parsed, and a cut or non-JSON body as the text it is', () => {
    expect(bodyValue({ Body: '{"a":1}', BodyTruncated: false })).toEqual({ a: 1 });
    expect(bodyValue({ Body: '{"a":', BodyTruncated: true })).toBe('{"a":');
    expect(bodyValue({ Body: 'plain', BodyTruncated: false })).toBe('plain');
  });
});
