/**
 * The server the page measurements run against (`npm run lighthouse`, `npm run profile:page`): the
 * built web app on a fresh embedded database with the PhoneBlock list and the bench's community
 * (120 comments with two replies each on bench/seed.ts's searched number), served as `npm start`
 * serves it in production, in a process of its own: what a user's phone gets, not the test
 * server's answers checked against their schemas, and not sharing a thread with Lighthouse.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SEARCHED, seedCommunity } from '../bench/seed'
import { openPglite } from '../server/db/client'
import { upsertUser } from '../server/modules/auth/code-repository'
import { openSession } from '../server/modules/auth/session-repository'
import { createTokenService } from '../server/modules/auth/tokens'
import { freePort } from '../tests/support/free-port'
import { untilHealthy } from '../tests/support/until-healthy'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function ensureBuilt() {
  if (fs.existsSync(path.join(root, 'dist', 'index.html'))) return
  console.log('dist/index.html is missing: running vite build…')
  const vite = path.join(root, 'node_modules', '.bin', 'vite')
  const result = spawnSync(vite, ['build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('vite build failed')
}

export interface Server {
  child: ChildProcess
  dataDir: string
  baseUrl: string
  /** A session token of a signed-in user (`signIn`'s phone). */
  token: string
}

/**
 * The production server on a fresh embedded database with the PhoneBlock list and the bench's
 * community, and a session of the user with this phone (created in the database, as a sign-in
 * would: production has no development sign-in).
 */
export async function startServer(signIn: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-pages-'))
  const secret = crypto.randomBytes(32).toString('hex')
  let child: ChildProcess | undefined
  try {
    const database = await openPglite(dataDir)
    let token: string
    try {
      await seedCommunity(database.db)
      const { user } = await upsertUser(database.db, signIn)
      token = await openSession(database.db, createTokenService(secret), user.id, 'lighthouse')
    } finally {
      await database.close()
    }
    const port = await freePort()
    child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Required in production (issue 33): who runs it and its support address, for the legal pages and the footer.
        SUPPORT_EMAIL: 'support@callerid-measurements.org',
        OPERATOR_NAME: 'Page Measurements Ltd',
        OPERATOR_ADDRESS: '1 Measurement Street, Testville',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        // The sign-in page as a deployment shows it: with its providers (never called while a page loads).
        TELEGRAM_BOT_TOKEN: '1234567:page-measurements',
        TELEGRAM_BOT_USERNAME: 'callerid_bot',
        TELEGRAM_WEBHOOK_SECRET: 'page-measurements',
        WHATSAPP_APP_SECRET: 'page-measurements',
        WHATSAPP_NUMBER: '15550100001',
        WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      },
    })
    let output = ''
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const baseUrl = `http://127.0.0.1:${port}`
    // Up to two minutes: server/start.ts builds the web app first when its sources are newer.
    await untilHealthy(`${baseUrl}/api/health`, child, () => output, 120_000)
    await warm(baseUrl, token)
    return { child, dataDir, baseUrl, token }
  } catch (error) {
    if (child && child.exitCode === null) child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * A server that has just started compiles its code and its statements on the first requests
 * (PGlite starts cold in a new process): ask for the measured pages and their data a few times
 * first, as a running deployment would have been asked, so the measurements see a warm server.
 */
async function warm(baseUrl: string, token: string) {
  const auth = { authorization: `Bearer ${token}` }
  const paths = ['/login', '/search', `/number/${SEARCHED.slice(1)}`]
  for (let round = 0; round < 5; round++) {
    await Promise.all([
      ...paths.map((p) => fetch(baseUrl + p).then((r) => r.arrayBuffer())),
      fetch(`${baseUrl}/api/v202505/search/${SEARCHED.slice(1)}`, { headers: auth }).then((r) => r.arrayBuffer()),
    ])
  }
}

export async function stopServer(server: Server) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true })
}
