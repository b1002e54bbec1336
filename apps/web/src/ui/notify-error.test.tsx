import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_URL } from '@/lib/support';
import { ERROR_MESSAGES, errorFromResponse, noResponseError } from '@/services/portal-error';
import { ErrorDescription, errorView, notifyError } from './notify-error';
import { TOAST_DURATION_MS, toaster } from './toaster';

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

describe('errorView', () => {
  it('gives the catalogue text per error kind, with the support link only for a 401', () => {
    expect(errorView(errorFromResponse(401, { detail: 'expired' }))).toEqual({
      title: 'Unauthorized',
      message: ERROR_MESSAGES.unauthorized,
      supportUrl: SUPPORT_URL,
    });
    expect(errorView(noResponseError(false))).toEqual({ title: 'No response', message: ERROR_MESSAGES.offline });
    expect(errorView(noResponseError(true))).toEqual({ title: 'No response', message: ERROR_MESSAGES.noResponse });
    expect(errorView(errorFromResponse(404, { title: 'Not Found', detail: 'No such group.' }))).toEqual({
      title: 'Not Found',
      message: 'No such group.',
    });
    expect(errorView(new TypeError('x is undefined'))).toEqual({ title: 'TypeError', message: 'x is undefined' });
    expect(errorView('Missing auth provider properties')).toEqual({
      title: 'Error',
      message: 'Missing auth provider properties',
    });
  });
});

describe('ErrorDescription', () => {
  it('links to support after the 401 text', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <p>
          <ErrorDescription view={errorView(errorFromResponse(401, {}))} />
        </p>
      </ChakraProvider>,
    );
    expect(screen.getByText(ERROR_MESSAGES.unauthorized, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(SUPPORT_URL);
  });

  it('is the plain message otherwise', () => {
    const { container } = render(<ErrorDescription view={errorView(noResponseError(false))} />);
    expect(container.textContent).toBe(ERROR_MESSAGES.offline);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('notifyError', () => {
  it('creates one 10 s error toast per distinct text', () => {
    const create = vi.spyOn(toaster, 'create');
    const id = notifyError(errorFromResponse(500, { detail: 'Boom' }));
    expect(notifyError(errorFromResponse(500, { detail: 'Boom' }))).toBe(id);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ id, type: 'error', title: 'Request failed', duration: TOAST_DURATION_MS }),
    );
    expect(notifyError(noResponseError(false))).not.toBe(id);
  });
});
