import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { frameComment, placeholders, type FrameTemplates } from './modules/web-shell/template.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Builds the web app with Vite, always as a production build: a NODE_ENV=development
 * in the server's environment (the README's value for development) used to reach Vite
 * and ship React's development bundle, larger and much slower (issue 13). Runs in its
 * own process, because Vite's build sets NODE_ENV in the process it runs in. True when
 * the build succeeded.
 */
export function buildWebApp(opts: { outDir?: string; quiet?: boolean } = {}): boolean {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const args = [vite, 'build', '--logLevel', 'warn', ...(opts.outDir ? ['--outDir', opts.outDir, '--emptyOutDir'] : [])]
  const built = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: opts.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  return built.status === 0
}

/**
 * The page frame the server sends before any script (ADR 0030), rendered from the web app's own
 * components (src/app/server-frame/frame.tsx) with marks for what each request fills in, as the
 * comment the build writes into index.html's `#root` (vite.config.ts; ADR 0051). Vite loads the
 * components for Node (its SSR module loader), with the web app's import aliases.
 */
export async function renderFrame(): Promise<string> {
  const { createServer } = await import('vite')
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: {
      alias: {
        '@': path.join(root, 'src'),
        '@contract': path.join(root, 'contract'),
        '@i18n': path.join(root, 'i18n'),
      },
    },
    // A few modules read the app's version when they load (src/lib/app-version.ts); the frame shows none.
    define: { __APP_VERSION__: '""' },
  })
  try {
    const frame = (await vite.ssrLoadModule('/src/app/server-frame/frame.tsx')) as {
      renderFrameTemplates(p: ReturnType<typeof placeholders>): FrameTemplates
    }
    return frameComment(frame.renderFrameTemplates(placeholders()))
  } finally {
    await vite.close()
  }
}
