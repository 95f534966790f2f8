import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { renderFrame } from './server/web-build.ts'

/** The module Vite imports its dynamic-import helper from. */
const PRELOAD_HELPER = '\0vite/preload-helper.js'
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`
const { version } = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader in a chunk of its own, apart from its component: a page's first data requests
      // (routes/search.tsx, routes/number.tsx) are not in the first-load chunk, and they start once
      // that small chunk and the API client have come, not after the page's whole component tree (ADR 0045).
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      virtualRouteConfig: './src/routes.ts',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react(),
    tailwindcss(),
    {
      // The server sends each page's frame and heading (server/modules/web-shell): the first paint
      // needs the stylesheet only. The app's scripts are named in a meta tag instead of script and
      // modulepreload tags, and the page's inline script loads them once the frame has painted (issue 13).
      name: 'scripts-after-first-paint',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const urls: string[] = []
          const rest = html
            .replace(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_, src: string) => (urls.unshift(src), ''))
            .replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_, href: string) => (urls.push(href), ''))
          if (urls.length === 0) throw new Error('index.html has no module script to load')
          return rest.replace('</title>', `</title>\n    <meta name="app-scripts" content="${urls.join(' ')}" />`)
        },
      },
    },
    {
      // The page frame the server sends before any script (server/modules/web-shell), rendered from the
      // app's own components (src/app/server-frame) with marks the server fills per request; written into
      // #root as a comment the server takes out (ADR 0051). Not in the dev server's page: no frame there.
      name: 'server-frame',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        async handler(html) {
          if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> for the frame')
          return html.replace('<div id="root"></div>', `<div id="root">${await renderFrame()}</div>`)
        },
      },
    },
    {
      // Vite wraps every dynamic import in a helper that adds the imported chunk's dependencies to the
      // page first (0.66 kB gzip of the first load), even with `modulePreload: false`, where the only
      // dependencies left are stylesheets. The page links the one stylesheet the build makes before any
      // script, so the helper had nothing to add: the import runs as it is (ADR 0057).
      name: 'dynamic-imports-without-preload-helper',
      apply: 'build',
      enforce: 'pre',
      resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
      load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load()' : undefined),
      generateBundle(_, bundle) {
        const stylesheets = Object.keys(bundle).filter((file) => file.endsWith('.css'))
        if (stylesheets.length > 1)
          this.error(
            `The build made ${stylesheets.length} stylesheets; a lazy chunk's own would never load without Vite's preload helper (ADR 0057).`,
          )
      },
    },
    // Every asset also as .br (brotli 11) and .gz (gzip 9), made once here and sent as they are by the
    // server (server/plugins/web-app.ts): on the fly it sent brotli at quality 4, larger than gzip, and
    // compressed the same files for every request (ADR 0040). index.html is the server's to fill, not here.
    compression({
      include: /\.(?:js|css|svg|json|webmanifest|txt|xml)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      logLevel: 'silent',
    }),
  ],
  // The app's version, sent as X-Client-Version on every API call (src/lib/app-version.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      { find: '@contract', replacement: path.resolve(import.meta.dirname, 'contract') },
      { find: '@i18n', replacement: path.resolve(import.meta.dirname, 'i18n') },
      // zod in the browser: jitless from the start (src/lib/zod-jitless.ts says why).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') },
      // React 19's own useSyncExternalStore, not the React 17 fallback SWR and TanStack Store import (ADR 0057).
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
      },
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/localeModule': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    // Lazy chunks fetch their own imports: vite's preload helper added a modulepreload tag per
    // dependency of every dynamic import, 100–200 ms of main thread on a slow phone (ADR 0031).
    modulePreload: false,
    rolldownOptions: {
      // Rolldown reports any build whose plugins take most of its time: here that is the brotli 11
      // compression above (about 2 s), by design, and the warning would greet every `npm start`.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // Everything the first page load runs in one chunk beside the entry (ADR 0031): twenty small
          // shared chunks cost a request, a modulepreload tag and a module record each on a slow phone.
          // The contract's schemas and zod in one chunk of their own, loaded only by what checks (answers outside
          // production, forms): a plain value shared with them (dispute categories, products) is not put in a
          // schema's chunk, where importing it would build every schema of that file (ADR 0032).
          groups: [
            { name: 'initial', tags: ['$initial'] },
            {
              name: 'contract',
              test: /[\\/](?:contract[\\/]api[\\/]|contract[\\/]text\.ts|node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
