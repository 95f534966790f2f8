import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

describe('npm start', () => {
  it('builds when needed, seeds an empty database and serves the app and the API', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-start-'))
    const port = await freePort()
    // As a new user runs it: no NODE_ENV, no secrets.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir }
    delete env.NODE_ENV
    delete env.JWT_SECRET
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      const until = Date.now() + 120_000
      while (!output.includes('is running at')) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`did not start:\n${output}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      expect(output).toContain('Seeded synthetic demo data')
      const page = await fetch(`http://127.0.0.1:${port}/search`)
      expect(page.headers.get('content-type')).toContain('text/html')
      expect(await page.text()).toContain('<div id="root">')
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()
      expect(health).toMatchObject({ status: true, data: { db: 'ok' } })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 180_000)
})
