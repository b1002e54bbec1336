// Test support only: the app never imports this file.
import type { ReactNode } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { fixtureDocument } from '@/description/test-fixtures';
import { buildApiDescription } from '@/description/index-description';
import { PortalContextProvider, type PortalContextValue } from './portal-context';

/** A loaded portal context for component tests; override any part. */
export function testPortalContext(overrides: Partial<PortalContextValue> = {}): PortalContextValue {
  return {
    me: {
      Email: 'owner@demo.example',
      Name: 'Olivia Owner',
      OcRoles: ['FullAccess'],
      ScPermissionGrants: {} as PortalContextValue['me']['ScPermissionGrants'],
      RoleGroupIds: [],
      IsOrganizationAdmin: true,
    },
    marketplace: {
      Id: 'demo-sandbox-mp',
      Name: 'Demo Sandbox',
      OcEnvironment: 'Sandbox',
      Region: { Id: 'eu', Name: 'Europe' },
      CoreApiUrl: 'http://localhost/platform',
      Kind: 'Hosted',
    },
    platformBaseUrl: 'http://localhost/platform',
    developerToken: 'token',
    roles: ['FullAccess'],
    description: buildApiDescription(fixtureDocument()),
    platformUnavailable: null,
    ...overrides,
  };
}

// Only what the shell reads from the session; the rest of the interface is never called in these tests.
const testAuth = {
  user: null,
  isAuthenticated: true,
  isLoading: false,
  signoutRedirect: () => Promise.resolve(),
} as unknown as AuthContextProps;

/** Wraps a tree in a signed-in session and a loaded portal context. */
export function TestPortal({ children, value }: { children: ReactNode; value?: PortalContextValue }) {
  return (
    <AuthContext.Provider value={testAuth}>
      <PortalContextProvider value={value ?? testPortalContext()}>{children}</PortalContextProvider>
    </AuthContext.Provider>
  );
}
