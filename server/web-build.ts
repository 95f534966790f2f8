import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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
  const built = spawnSync(process.execPath, args, { cwd: root, stdio: opts.quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  return built.status === 0
}
