import { reactRouter } from '@react-router/dev/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const appDir = path.resolve(import.meta.dirname, 'app');
const rootModule = path.join(appDir, 'root.tsx');
const publicLayout = path.join(appDir, 'routes/layouts/public.tsx');
const routeModules = [rootModule, publicLayout];

type ModuleInfo = { importedIds: readonly string[] } | null;

/** The app's own modules the root route and the public layout import (statically, transitively): the shell. */
function shellOf(getModuleInfo: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...routeModules];
  while (queue.length) {
    const id = queue.pop()!;
    for (const next of getModuleInfo(id)?.importedIds ?? []) {
      if (next.startsWith(appDir) && !seen.has(next) && !routeModules.includes(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

let shell: Set<string> | null = null;

/**
 * Marks the libraries' chunk with V8's explicit compile hint: every function in it runs during the first
 * load (React DOM, the router), so Chrome compiles them while the file streams in, off the main thread,
 * instead of one by one during hydration. Added after minification, which would drop the comment.
 */
const compileHints: Plugin = {
  name: 'souq:compile-hints',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk' && chunk.name === 'vendor') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
    }
  },
};

export default defineConfig({
  plugins: [reactRouter(), compileHints],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: { target: 'es2022', cssMinify: true },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // Few scripts per page: on HTTP/1.1 each one costs a round trip. The libraries are one chunk,
            // the app shell (what the root route and the public layout import) another and the catalogue's
            // shared components a third; route modules keep Rollup's own split.
            manualChunks(id, { getModuleInfo }) {
              // React, React DOM and the scheduler are CommonJS that call each other at load time: split
              // apart, their chunks import each other in a cycle and one runs before the other's exports
              // exist. They stay in one chunk with the router.
              if (/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id)) return 'vendor';
              if (!id.startsWith(appDir) || routeModules.some((m) => id.startsWith(m))) return undefined;
              shell ??= shellOf(getModuleInfo);
              if (shell.has(id)) return 'shell';
              if (id.startsWith(path.join(appDir, 'shared/'))) return 'shell';
              if (id.startsWith(path.join(appDir, 'features/catalog/'))) return 'catalog';
              return undefined;
            },
          },
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
