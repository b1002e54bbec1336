import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { RenderGate } from '@/app/render-gate';
import { portalSystem } from '@/app/theme';
import { AppRouter, preloadRoute } from '@/app/router';
import { AuthSession } from '@/auth/auth-session';
import { nextTask } from '@/lib/next-task';
import { Toaster } from '@/ui/toaster';

/**
 * Renders the portal into `container`. Loaded by the boot (main.tsx) only once it knows the page stays: a visitor
 * who must sign in first never downloads or evaluates it before the sign-in page. The work before home is split into
 * tasks under 50 ms each (issue 22: no long task on the way home): this module's evaluation (~25 ms), then the theme
 * (~40 ms), then the first render (the portal itself renders in slices: RenderGate).
 */
export async function renderApp(container: HTMLElement): Promise<void> {
  preloadRoute(window.location.pathname);
  await nextTask();
  portalSystem();
  await nextTask();
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
