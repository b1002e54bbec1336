/* global window, document */
// Runs before React so the first paint already has the remembered colour mode (no light flash in dark
// mode). The build puts it inline in index.html (vite.config.ts), and the server's Content-Security-Policy
// allows it by its hash, not with 'unsafe-inline'. Keep in step with src/app/color-mode.tsx (same key, same
// fallback to the OS preference).
(function () {
  let mode;
  try {
    mode = window.localStorage.getItem('portal-color-mode');
  } catch {
    mode = null;
  }
  if (mode !== 'light' && mode !== 'dark') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
})();
