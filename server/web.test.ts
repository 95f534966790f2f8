import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../tests/support/app'

const CHUNK = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;\n`).join(''))

describe('the web app served by the API server', () => {
  let t: TestApp
  let webRoot: string
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-web-'))
    fs.mkdirSync(path.join(webRoot, 'assets'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html><head><meta name="app-config" content="__APP_CONFIG__"></head><body>app</body></html>',
    )
    fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)')
    fs.writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *\n')
    // As the build leaves a chunk: beside it its brotli and gzip forms (vite.config.ts).
    fs.writeFileSync(path.join(webRoot, 'assets', 'chunk-def456.js'), CHUNK)
    fs.writeFileSync(path.join(webRoot, 'assets', 'chunk-def456.js.br'), zlib.brotliCompressSync(CHUNK))
    fs.writeFileSync(path.join(webRoot, 'assets', 'chunk-def456.js.gz'), zlib.gzipSync(CHUNK, { level: 9 }))
    t = await createTestApp('pglite', { SIGNING_SECRET: 'from-env', RATE_LIMIT_PER_MINUTE: '5' }, { webRoot })
  })
  afterAll(async () => t?.close())

  it.each(['/', '/search', '/number/491637875622', '/fr/search', '/assets/', '/index.html'])(
    'answers %s with the page and its run-time config',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      // The sign-in methods without a code: the tests' server signs in without a messenger (AUTH_DEV).
      // Then the support address and the store links configured (issue 33): none here, the development stand-in address.
      expect(res.body).toContain(
        'content="{&quot;signingSecret&quot;:&quot;from-env&quot;,&quot;signInMethods&quot;:[{&quot;method&quot;:&quot;dev&quot;}],&quot;supportEmail&quot;:&quot;support@callerid.example&quot;,&quot;storeLinks&quot;:{}}"',
      )
      expect(res.body).not.toContain('__APP_CONFIG__')
    },
  )

  it('serves built files, assets with a long cache life', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent')
  })

  it('sends a built file’s own brotli or gzip form to a client that takes it, compressed once', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} })
    const br = await get('gzip, deflate, br, zstd')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toContain('immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webRoot, 'assets', 'chunk-def456.js.br')))).toBe(true)
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(CHUNK)).toBe(true)
    // Chrome over plain HTTP offers no brotli.
    const gz = await get('gzip, deflate')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).equals(CHUNK)).toBe(true)
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(CHUNK)).toBe(true)
  })

  it('never rate-limits the web app’s own files, only the API', async () => {
    // One page load asks for dozens of chunks; people behind one address share the limit.
    for (let i = 0; i < 12; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', remoteAddress: '192.0.2.77' })).statusCode).toBe(200)
      expect((await t.app.inject({ method: 'GET', url: '/number/491637875622', remoteAddress: '192.0.2.77' })).statusCode).toBe(200)
    }
    const api = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.77' })),
    )
    expect(api.map((r) => r.statusCode)).toContain(429)
  })

  it('answers unknown API paths with the JSON error, never the page', async () => {
    for (const url of ['/api/v6/nothing', '/localeModule/json/xx.json']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ status: false })
    }
  })
})

describe('the origins a key link may send the browser to', () => {
  it('reach the page in its run-time config (KEY_REDIRECT_HOSTS)', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-web-'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html><head><meta name="app-config" content="__APP_CONFIG__"></head><body>app</body></html>',
    )
    const t = await createTestApp(
      'pglite',
      { SIGNING_SECRET: 'from-env', KEY_REDIRECT_HOSTS: 'https://pay.example.com/,https://example.org' },
      { webRoot },
    )
    try {
      const res = await t.app.inject({ method: 'GET', url: '/key/anything' })
      expect(res.body).toContain('&quot;keyRedirectOrigins&quot;:[&quot;https://pay.example.com&quot;,&quot;https://example.org&quot;]')
    } finally {
      await t.close()
    }
  })
})
