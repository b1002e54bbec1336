import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import type { Grants } from '@/services/portal';
import { errorFromResponse } from '@/services/portal-error';
import { Toaster } from '@/ui/toaster';
import { SUBSCRIPTION_TEXTS, triggeredText, type SubscriptionJobResult } from './subscriptions-model';
import { SubscriptionsPage } from './subscriptions-page';

type Callbacks = {
  onSuccess?: (result: SubscriptionJobResult) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
};

// The data hooks are replaced so no request leaves the test; each test sets what they answer.
const data = vi.hoisted(() => ({
  active: { data: true as boolean | undefined, isError: false },
  answer: undefined as unknown,
  calls: [] as { captchaToken: string }[],
}));
vi.mock('./subscriptions-api', () => ({
  useSubscriptionIntegrationActive: () => data.active,
  useSubscriptionRuns: () => ({
    data: { Items: [], HourlyLimit: 10, HourlyJobsRemaining: 4 },
    isPending: false,
    isError: false,
  }),
  useProcessSubscriptions: () => ({
    isPending: false,
    // What the last successful run answered, as the mutation keeps it.
    data: data.calls.length > 0 && !(data.answer instanceof Error) ? data.answer : undefined,
    mutate: (input: { captchaToken: string }, callbacks: Callbacks) => {
      data.calls.push(input);
      if (data.answer instanceof Error) callbacks.onError?.(data.answer);
      else callbacks.onSuccess?.(data.answer as SubscriptionJobResult);
      callbacks.onSettled?.();
    },
  }),
}));
vi.mock('../captcha/captcha', () => ({
  CAPTCHA_CHALLENGE_URL: '/captcha',
  Captcha: ({ onChange }: { onChange: (token: string) => void }) => (
    <button type="button" onClick={() => onChange('solved')}>
      Solve captcha
    </button>
  ),
}));

function renderPage(SubscriptionAdmin = true) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <TestPortal value={{ ...base, me: { ...base.me, ScPermissionGrants: { SubscriptionAdmin } as Grants } }}>
          <SubscriptionsPage />
          <Toaster />
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

const processButton = () => screen.getByRole('button', { name: SUBSCRIPTION_TEXTS.process });
const solveCaptcha = () => fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));

describe('Subscription tools', () => {
  beforeEach(() => {
    data.active = { data: true, isError: false };
    data.answer = { HourlyJobsRemaining: 3, HourlyLimit: 10, RunID: 'r1' };
    data.calls = [];
  });
  afterEach(cleanup);

  it('tells a user without SubscriptionAdmin that they are not authorized', () => {
    renderPage(false);
    expect(screen.getByText(SUBSCRIPTION_TEXTS.unauthorized)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SUBSCRIPTION_TEXTS.process })).toBeNull();
  });

  it('shows the notes and the runs left; Process waits for the captcha, then says how many remain', async () => {
    renderPage();
    expect(screen.getByText(SUBSCRIPTION_TEXTS.activeIntegrationNote)).toBeTruthy();
    expect(screen.getByText(SUBSCRIPTION_TEXTS.dueNote)).toBeTruthy();
    expect(screen.getByText('The job can be triggered manually 10 times an hour.')).toBeTruthy();
    expect(screen.getByText('You have 4 jobs remaining this hour.')).toBeTruthy();
    expect(processButton()).toHaveProperty('disabled', true);
    solveCaptcha();
    expect(processButton()).toHaveProperty('disabled', false);
    fireEvent.click(processButton());
    expect(data.calls).toEqual([expect.objectContaining({ captchaToken: 'solved' })]);
    expect(await screen.findByText(triggeredText(3))).toBeTruthy();
    expect(screen.getByText('You have 3 jobs remaining this hour.')).toBeTruthy();
    expect(processButton()).toHaveProperty('disabled', true);
  });

  it('stays disabled while the integration is not Active, even with a captcha', () => {
    data.active = { data: false, isError: false };
    renderPage();
    expect(screen.getByText(SUBSCRIPTION_TEXTS.notActive)).toBeTruthy();
    solveCaptcha();
    expect(processButton()).toHaveProperty('disabled', true);
  });

  it('says when the integration status could not be read', async () => {
    data.active = { data: undefined, isError: true };
    renderPage();
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.statusFetchFailed)).toBeTruthy();
    solveCaptcha();
    expect(processButton()).toHaveProperty('disabled', true);
  });

  it('names a 400 the hourly limit and a 403 a captcha error, with the server message', async () => {
    data.answer = errorFromResponse(400, { detail: 'The job can run 10 times an hour; try again later.' });
    renderPage();
    solveCaptcha();
    fireEvent.click(processButton());
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.hourlyLimit)).toBeTruthy();
    expect(screen.getByText('The job can run 10 times an hour; try again later.')).toBeTruthy();
    data.answer = errorFromResponse(403, { detail: 'This captcha answer was already used.' });
    solveCaptcha();
    fireEvent.click(processButton());
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.captchaError)).toBeTruthy();
  });
});
