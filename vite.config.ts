import fs from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`
const { version } = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      virtualRouteConfig: './src/routes.ts',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react(),
    tailwindcss(),
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
  },
})
