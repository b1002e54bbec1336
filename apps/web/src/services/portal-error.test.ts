import { describe, expect, it } from 'vitest';
import {
  describeError,
  ERROR_MESSAGES,
  errorFromResponse,
  isPortalError,
  noResponseError,
  PortalError,
} from './portal-error';

describe('errorFromResponse', () => {
  it('prefers detail over the platform envelope and message', () => {
    const error = errorFromResponse(409, {
      detail: 'from detail',
      Errors: [{ Message: 'from envelope' }],
      message: 'from message',
    });
    expect(error.message).toBe('from detail');
  });

  it('prefers the platform envelope over message', () => {
    expect(errorFromResponse(400, { Errors: [{ Message: 'from envelope' }], message: 'from message' }).message).toBe(
      'from envelope',
    );
  });

  it("reads OAuth's error_description and GraphQL's errors", () => {
    expect(errorFromResponse(400, { error: 'invalid_grant', error_description: 'Bad password' }).message).toBe(
      'Bad password',
    );
    expect(errorFromResponse(400, { errors: [{ message: 'Cannot query field "x"' }] }).message).toBe(
      'Cannot query field "x"',
    );
  });

  it('skips blank texts and non-object bodies', () => {
    expect(errorFromResponse(500, { detail: '  ', message: '' }).message).toBe('Request failed with status 500.');
    expect(errorFromResponse(500, 'oops').message).toBe('Request failed with status 500.');
    expect(errorFromResponse(500, undefined).title).toBe('Request failed');
  });

  it('keeps only well-formed field errors', () => {
    const error = errorFromResponse(400, {
      detail: 'x',
      errors: [{ field: 'Id', message: 'Id is required' }, { oops: 1 }],
    });
    expect(error.fieldErrors).toEqual([{ field: 'Id', message: 'Id is required' }]);
  });

  it('uses the fixed text for any 401', () => {
    expect(errorFromResponse(401, { detail: 'The access token has expired.' })).toMatchObject({
      kind: 'unauthorized',
      message: ERROR_MESSAGES.unauthorized,
    });
  });
});

describe('noResponseError', () => {
  it('chooses the offline or the no-response text', () => {
    expect(noResponseError(false)).toMatchObject({ kind: 'offline', message: ERROR_MESSAGES.offline });
    expect(noResponseError(true, new Error('x'))).toMatchObject({
      kind: 'timeout',
      message: ERROR_MESSAGES.noResponse,
    });
  });
});

describe('describeError', () => {
  it('describes portal errors, other errors, strings and anything else', () => {
    expect(describeError(errorFromResponse(404, { title: 'Not Found', detail: 'No such group.' }))).toEqual({
      title: 'Not Found',
      message: 'No such group.',
    });
    expect(describeError(new TypeError('x is undefined'))).toEqual({ title: 'TypeError', message: 'x is undefined' });
    expect(describeError('Missing auth provider properties')).toEqual({
      title: 'Error',
      message: 'Missing auth provider properties',
    });
    expect(describeError(42)).toEqual({ title: 'Error', message: 'Something went wrong.' });
  });
});

describe('PortalError', () => {
  it('is an Error with its name, and recognised by isPortalError', () => {
    const error = new PortalError({ kind: 'http', title: 'T', message: 'M', status: 500 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PortalError');
    expect(error.fieldErrors).toEqual([]);
    expect(isPortalError(error)).toBe(true);
    expect(isPortalError(new Error('x'))).toBe(false);
  });
});
