import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The back end serves every API under these prefixes; in development Vite forwards them so the SPA
// talks to the running server without CORS.
const apiPrefixes = ['/platform', '/portal-api', '/identity', '/inventory', '/content', '/healthz'] as const;
const backendUrl = `http://localhost:${process.env.PORT || 4000}`;

/**
 * Puts public/color-mode.js into the built index.html as an inline script: as a file, the blocking script held up
 * the page's parsing for a request on every load (a revalidation when warm). The server allows exactly the inline
 * scripts of index.html by their hash (apps/server/src/http/web-app.ts), so the policy still has no 'unsafe-inline'.
 */
function inlineColorMode(): Plugin {
  const file = path.resolve(import.meta.dirname, 'public/color-mode.js');
  return {
    name: 'inline-color-mode',
    apply: 'build',
    transformIndexHtml(html) {
      const tag = '<script src="/color-mode.js"></script>';
      if (!html.includes(tag)) throw new Error(`index.html no longer loads the colour mode with ${tag}`);
      return html.replace(tag, () => `<script>${fs.readFileSync(file, 'utf8').trim()}</script>`);
    },
  };
}

/**
 * Points Emotion's class-name hash at src/lib/emotion-hash.ts, which hashes each distinct style text once (home's
 * first render hashed the same recipe texts again and again: issue 22). The memoized module itself gets the original.
 */
function memoizedEmotionHash(): Plugin {
  const memoized = path.resolve(import.meta.dirname, 'src/lib/emotion-hash.ts');
  return {
    name: 'memoized-emotion-hash',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@emotion/hash' && importer !== memoized ? memoized : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineColorMode(), memoizedEmotionHash()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // What each chunk imports: src/app/home-budget.test.ts adds up the first page's files from it (the boot loads
    // the app with a dynamic import, so index.html names only the boot's own).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Chakra's theme helpers only return their argument, but module-level calls to them are kept unless known
        // pure: with this, the slot recipes the portal's theme leaves out (src/app/theme.ts) drop from the bundle.
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe'],
      },
      output: {
        // Libraries change far less often than our code; separate chunks stay cached across our deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss)[\\/]/,
              entriesAware: true,
            },
            // Only the lazily loaded JSON editor uses these; without their own group the vendor group would
            // pull them into the initial download.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)[\\/]/,
            },
            // The captcha widget loads with the first self-service form only (features/self-service/captcha).
            { name: 'altcha', test: /node_modules[\\/]altcha[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, entriesAware: true },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: backendUrl, changeOrigin: false }])),
  },
});
