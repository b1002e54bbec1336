import type { Plugin } from 'vite';

/** The output chunk fields this plugin reads (Rollup's and Rolldown's chunks both have them). */
interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Adds `<link rel="modulepreload">` (and the stylesheets) for the chunks of a module the entry imports dynamically
 * (issue 22): the boot (src/main.tsx) loads the app with `import()` so a visitor who must sign in first never
 * evaluates it, yet a signed-in load should fetch the app's code at once, in parallel with the boot, as a static
 * import would have. Preloaded modules are fetched and parsed, never run until imported.
 *
 * @example
 * plugins: [react(), preloadAppChunks('src/app/app-root.tsx')]
 */
export function preloadAppChunks(moduleSuffix: string): Plugin {
  return {
    name: 'portal:preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item): item is ChunkLike & typeof item => item.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const app = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
        if (!app) throw new Error(`preloadAppChunks: no chunk for ${moduleSuffix}`);
        // Already in the page: the entry and what it imports statically.
        const present = new Set<string>();
        const entry = context.chunk;
        const walk = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) walk(imported, into);
        };
        if (entry) walk(entry.fileName, present);
        const needed = new Set<string>();
        walk(app.fileName, needed);
        const scripts = [...needed].filter((fileName) => !present.has(fileName));
        const styles = new Set(
          scripts.flatMap((fileName) => [...(byName.get(fileName)?.viteMetadata?.importedCss ?? [])]),
        );
        return [
          ...[...styles].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
          ...scripts.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
