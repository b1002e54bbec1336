import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TestPortal, testPortalContext } from '@/app/portal/test-portal-context';
import { createQueryClient } from '@/lib/query-client';
import { SelfServiceLayout } from './self-service-layout';
import { NON_ORG_ADMIN_WARNING, ORG_ADMIN_INTRO } from './self-service-tools';

function renderFrame({ orgAdmin, environment }: { orgAdmin: boolean; environment: string }) {
  const base = testPortalContext();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/self-service/index-tools?organization=demo-org&tenantName=demo-staging']}>
        <TestPortal
          value={{
            ...base,
            me: { ...base.me, IsOrganizationAdmin: orgAdmin },
            marketplace: { ...base.marketplace, OcEnvironment: environment },
          }}
        >
          <SelfServiceLayout>
            <p>tool</p>
          </SelfServiceLayout>
        </TestPortal>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('SelfServiceLayout', () => {
  afterEach(cleanup);

  it('greets organization admins with what the tools are for', () => {
    renderFrame({ orgAdmin: true, environment: 'Sandbox' });
    expect(screen.getByRole('heading', { level: 1, name: 'Self-service' })).toBeTruthy();
    expect(screen.getByText(ORG_ADMIN_INTRO)).toBeTruthy();
    expect(screen.queryByText(NON_ORG_ADMIN_WARNING)).toBeNull();
  });

  it('warns everyone else to contact their administrator', () => {
    renderFrame({ orgAdmin: false, environment: 'Sandbox' });
    expect(screen.getByText(NON_ORG_ADMIN_WARNING)).toBeTruthy();
  });

  it('lists the tools with the context kept, staging restore only on Staging and marked BETA', () => {
    renderFrame({ orgAdmin: true, environment: 'Staging' });
    const nav = screen.getByRole('navigation', { name: 'Self-service tools' });
    const index = within(nav).getByRole('link', { name: 'Index tools' });
    expect(index.getAttribute('href')).toBe('/self-service/index-tools?organization=demo-org&tenantName=demo-staging');
    expect(index.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: /Staging restore/ }).textContent).toContain('BETA');
    cleanup();
    renderFrame({ orgAdmin: true, environment: 'Production' });
    expect(screen.queryByRole('link', { name: /Staging restore/ })).toBeNull();
  });
});
