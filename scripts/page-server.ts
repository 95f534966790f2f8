/**
 * The server the page measurements run against (`npm run lighthouse`, `npm run profile:page`): the
 * built web app on a fresh embedded database with the PhoneBlock list and the bench's community
 * (120 comments with two replies each on bench/seed.ts's searched number).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { seedCommunity } from '../bench/seed'
import { buildApp } from '../server/app'
import { openPglite, type Database } from '../server/db/client'
import { loadEnv } from '../server/env'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function ensureBuilt() {
  if (fs.existsSync(path.join(root, 'dist', 'index.html'))) return
  console.log('dist/index.html is missing: running vite build…')
  const vite = path.join(root, 'node_modules', '.bin', 'vite')
  const result = spawnSync(vite, ['build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('vite build failed')
}

export interface Server {
  app: FastifyInstance
  database: Database
  dataDir: string
  baseUrl: string
}

/** The server as the browser tests run it: fresh embedded database, the PhoneBlock list, the built app. */
export async function startServer(): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-pages-'))
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    REDIS_URL: '',
  })
  const database = await openPglite(dataDir)
  try {
    // The PhoneBlock list and the bench's community: the number page has 120 comments with two replies each.
    await seedCommunity(database.db)
    const app = await buildApp({ env, database, logger: false })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address')
    return { app, database, dataDir, baseUrl: `http://127.0.0.1:${address.port}` }
  } catch (error) {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

export async function stopServer(server: Server) {
  await server.app.close()
  await server.database.close()
  fs.rmSync(server.dataDir, { recursive: true, force: true })
}
