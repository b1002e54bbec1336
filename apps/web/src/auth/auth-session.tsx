import type { ReactNode } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { AuthGate } from './auth-gate';
import { getUserManager } from './oidc-settings';
import { onSigninCallback } from './sign-in-flow';

/** The OpenID Connect session around the whole app: nothing below it renders without a signed-in user. */
export function AuthSession({ children }: { children: ReactNode }) {
  return (
    <AuthProvider userManager={getUserManager()} onSigninCallback={onSigninCallback}>
      <AuthGate>{children}</AuthGate>
    </AuthProvider>
  );
}
