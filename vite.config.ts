import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { type BootRoute, bootScript } from './scripts/support/boot-script.ts';

// Identifies this build; the server reads build-id and the browser reloads when they differ
// (DESIGN §6: reload when a new version is deployed).
const buildId = Date.now().toString(36);
const emitBuildId = (): Plugin => ({
  name: 'emit-build-id',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build-id', source: buildId });
  },
});

// Brotli and gzip copies of the text assets, made once at build (the server sends the .br or .gz file
// the browser accepts): brotli at its highest level is about a sixth smaller than the gzip the server
// would make per request, and costs the server nothing (issue 16: the first screen's bytes).
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
const precompress = (): Plugin => ({
  name: 'precompress',
  // From the files as written: every other plugin has finished with the code by then.
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      if (!COMPRESSIBLE.test(fileName)) continue;
      const file = path.join(options.dir ?? 'dist/web', fileName);
      const source = readFileSync(file);
      if (source.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    }
  },
});

// Issue 16: a page's own code (a lazy route's chunks) is requested only once the main file has
// downloaded and run, a round trip and a download after it; the signed-in screens' data (the session,
// the dashboard) likewise. A small hashed script (the CSP allows same-origin script files only, no
// inline script), loaded async ahead of the main file, requests them at once for the path being
// opened, parameterised paths too (scripts/support/boot-script.ts): modulepreload links for its
// chunks, and fetches the app takes over (lib/api-client.ts earlyResponse). The path -> module table
// comes from app/router.tsx's page(...) entries: those under firstScreens (the landing and sign-in
// pages) get their own chunk, the others the lazy TanStack Query provider's too (issue 27); the ones
// under protectedRoutes also the guard's and the shell's chunks and the session, the ones after it
// (the full-screen client portal) the guard's and the session.
const ROUTER = 'src/web/app/router.tsx';
/** Data the first screen of a path asks for at start (app.tsx prefetches the same). */
const EARLY_DATA: Record<string, string[]> = { '/homepage': ['/api/dashboard'] };

type Route = { path: string; modules: string[]; signedIn: boolean };

function routesOfRouter(): Route[] {
  const source = readFileSync(ROUTER, 'utf8');
  const resolve = (spec: string) => path.resolve(path.dirname(ROUTER), spec);
  const layout = (file: string) => {
    const spec = new RegExp(`import\\('(\\./${file.replaceAll('.', '\\.')})'\\)`).exec(source)?.[1];
    if (!spec) throw new Error(`route-preload: no lazy ${file} in ${ROUTER}`);
    return resolve(spec);
  };
  const [provider, guard, shell] = [layout('query-provider.tsx'), layout('shell/protected-route.tsx'), layout('shell/app-shell.tsx')];
  const firstStart = source.indexOf('const firstScreens');
  const publicStart = source.indexOf('const publicRoutes');
  const protectedStart = source.indexOf('const protectedRoutes');
  const protectedEnd = source.indexOf('export const routes');
  if (firstStart < 0 || publicStart < firstStart || protectedStart < publicStart || protectedEnd < protectedStart) {
    throw new Error(`route-preload: cannot read ${ROUTER}`);
  }
  const routes: Route[] = [];
  for (const match of source.matchAll(/page\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    const firstScreen = match.index > firstStart && match.index < publicStart;
    const inShell = match.index > protectedStart && match.index < protectedEnd;
    const signedIn = inShell || match.index > protectedEnd;
    const layouts = firstScreen ? [] : [provider, ...(signedIn ? [guard] : []), ...(inShell ? [shell] : [])];
    routes.push({ path: match[1]!, modules: [...layouts, resolve(match[2]!)], signedIn });
  }
  if (routes.length < 10) throw new Error(`route-preload: found only ${routes.length} routes in ${ROUTER}`);
  return routes;
}

const routePreload = (): Plugin => ({
  name: 'route-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle, chunk: entry }) {
      if (!bundle || !entry) return;
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rolldown.OutputChunk, into = new Set<string>()) => {
        if (!into.has(start.fileName)) {
          into.add(start.fileName);
          for (const name of start.imports) closure(byName.get(name)!, into);
        }
        return into;
      };
      // What index.html already loads.
      const loaded = closure(entry);
      const routes: BootRoute[] = routesOfRouter().map((route) => {
        const wanted = new Set<string>();
        for (const module of route.modules) {
          const chunk = chunks.find((c) => c.facadeModuleId === module);
          if (!chunk) throw new Error(`route-preload: no chunk for ${module} (${route.path})`);
          closure(chunk, wanted);
        }
        const files = [...wanted].filter((name) => !loaded.has(name)).map((name) => name.replace(/^assets\//, ''));
        const data = [...(route.signedIn ? ['/api/profile/current'] : []), ...(EARLY_DATA[route.path] ?? [])];
        return { path: route.path, files, data };
      });
      const source = bootScript(routes);
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      // Vite calls this hook from its HTML plugin's generateBundle, with that hook's context.
      (this as unknown as Rolldown.PluginContext).emitFile({ type: 'asset', fileName, source });
      // First of the page's scripts, after the meta tags.
      const at = html.indexOf('<script type="module"');
      if (at < 0) throw new Error('route-preload: no module script in index.html');
      return `${html.slice(0, at)}<script async src="/${fileName}"></script>\n    ${html.slice(at)}`;
    },
  },
});

// V8 compiles most functions when they are first called, on the main thread: the first screen's render
// and effects paid for compiling React and the app as they ran (issue 27: about half their time on a
// phone-speed CPU). A file that starts with this comment has all its functions compiled as it
// loads, on a background thread (Chrome 136 and later; other browsers read a comment). Only the
// files of the screens have it, the entry's and each route's with what they import (as
// route-preload finds them), whose functions mostly run as the screen opens; not the libraries
// loaded for one use (PostHog, zxcvbn, the search suggestions), where it would compile code that never runs.
// Added once the file names are made: a file cached from a build without it runs the same.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHints = (): Plugin => ({
  name: 'compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const marked = new Set<Rolldown.OutputChunk>();
      const mark = (chunk: Rolldown.OutputChunk) => {
        if (marked.has(chunk)) return;
        marked.add(chunk);
        for (const name of chunk.imports) mark(byName.get(name)!);
      };
      const screens = new Set(routesOfRouter().flatMap((route) => route.modules));
      for (const chunk of chunks) {
        if (chunk.isEntry || (chunk.facadeModuleId && screens.has(chunk.facadeModuleId))) mark(chunk);
      }
      for (const chunk of marked) chunk.code = COMPILE_HINT + chunk.code;
    },
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), emitBuildId(), routePreload(), compileHints(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports has modulepreload: no polyfill in the main file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The main file lists every chunk (for the preloads of a navigation's code), and so does the
        // boot script: 7 characters of hash instead of 8 tell the chunks (65 with issue 30) apart as well, in
        // about a quarter of a KB less of every first visit's JavaScript (issue 27).
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          // Issue 16: a first visit fetches few files (each costs a round trip on a slow phone
          // connection): what the entry needs at start in one chunk, and no shared chunk of a few
          // hundred bytes of its own (those go into the chunks that use them). TanStack Query, which
          // the main file no longer has (issue 27), in one chunk of its own, not in four.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
          experimentalInlineCommonChunks: { maxSize: 4096 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
