import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createTestApp } from '../tests/support/app'
import { freePort } from '../tests/support/free-port'
import { createShutdown } from './index'

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, ...env, NODE_ENV: 'test', SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

// Start-up (tsx, migrations, phone metadata) takes 15–20 s on 2 busy cores: leave room.
async function waitForHealth(port: number, timeoutMs = 75_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

describe('server process', () => {
  it('exits 0 on SIGTERM and releases the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-proc-'))
    const port = await freePort()
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitForHealth(port)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    // The lock was released: the folder opens again.
    const again = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitForHealth(port)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 180_000)

  it('stops with a readable message on a bad variable or a data folder in use', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-proc-')) })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toMatch(/Invalid configuration:\n\s+PORT/)

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-proc-'))
    const port = await freePort()
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir })
    await waitForHealth(port)
    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/in use by another running server/)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
  }, 180_000)
})

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, closes the database, then exits 0', async () => {
    let started!: () => void
    let release!: () => void
    const inHandler = new Promise<void>((r) => (started = r))
    const gate = new Promise<void>((r) => (release = r))
    const t = await createTestApp('pglite', {}, {}, (app) =>
      app.get('/slow-test', async () => {
        started()
        await gate
        return { done: true }
      }),
    )
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as net.AddressInfo).port
    const exit = vi.fn()
    const closeDb = vi.spyOn(t.database, 'close')
    const request = fetch(`http://127.0.0.1:${port}/slow-test`)
    await inHandler
    const shutting = createShutdown(t.app, t.database, exit)('SIGTERM')
    await new Promise((r) => setTimeout(r, 100))
    expect(exit).not.toHaveBeenCalled()
    release()
    const res = await request
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ done: true })
    await shutting
    expect(closeDb).toHaveBeenCalledOnce()
    expect(exit).toHaveBeenCalledWith(0)
  })
})
