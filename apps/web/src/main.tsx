import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { RenderGate } from '@/app/render-gate';
import { AppRouter, preloadRoute } from '@/app/router';
import { AuthSession } from '@/auth/auth-session';
import { Toaster } from '@/ui/toaster';

const container = document.getElementById('root');
if (!container) throw new Error('Failed to find the root element');

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
