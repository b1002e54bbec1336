import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { RenderGate } from '@/app/render-gate';
import { AppRouter, preloadRoute } from '@/app/router';
import { AuthSession } from '@/auth/auth-session';
import { Toaster } from '@/ui/toaster';

/**
 * Renders the portal into `container`. Loaded by the boot (main.tsx) only once it knows the page stays: a visitor
 * who must sign in first never downloads or evaluates it before the sign-in page.
 */
export function renderApp(container: HTMLElement): void {
  preloadRoute(window.location.pathname);
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AuthSession>
          <RenderGate>
            <AppRouter />
          </RenderGate>
        </AuthSession>
        <Toaster />
      </AppProvider>
    </StrictMode>,
  );
}
