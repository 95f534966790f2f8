/**
 * `npm start`: builds the web app when it is missing or older than its sources,
 * then starts the server (which migrates and seeds an empty database): one process
 * on the embedded database, WEB_CONCURRENCY processes (default: one per core) on
 * PostgreSQL (server/cluster.ts). A cluster worker runs this file too, and only serves.
 */
import cluster from 'node:cluster'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServers } from './cluster'
import { buildWebApp } from './web-build'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const builtIndex = path.join(root, 'dist', 'index.html')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

function needsBuild(): boolean {
  if (!fs.existsSync(builtIndex)) return true
  const built = fs.statSync(builtIndex).mtimeMs
  const sources = ['src', 'i18n', 'contract', 'public'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))
  // The server's page frame is rendered at build time (ADR 0051) with the markers of web-shell/template.ts.
  const files = [
    'index.html',
    'vite.config.ts',
    'tailwind.config.ts',
    'package.json',
    'server/web-build.ts',
    'server/modules/web-shell/template.ts',
  ].map((f) => path.join(root, f))
  return Math.max(...sources.map(newestMtime), ...files.map((f) => fs.statSync(f).mtimeMs)) > built
}

if (cluster.isPrimary && needsBuild()) {
  console.log('Building the web app (first start or changed sources)…')
  if (!buildWebApp()) {
    console.error('The web app did not build; see the messages above.')
    process.exit(1)
  }
}
await startServers()
