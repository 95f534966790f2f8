import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatReport, initialFiles, measureBundle } from './bundle-size'

const gz = (content: string | Buffer) => gzipSync(content).length
// Random text barely compresses, so sizes differ clearly between files.
const noise = (bytes: number) => crypto.randomBytes(bytes).toString('base64').slice(0, bytes)

describe('initialFiles', () => {
  it('finds module scripts, modulepreload links and stylesheets whatever the attribute order', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link href='./assets/shared-c.js?v=1' rel='modulepreload'>
      <link rel="stylesheet" crossorigin href="/assets/index-d.css">
      <link rel="icon" href="/favicon.svg">
      <script src="https://cdn.example/analytics.js" type="module"></script>
      <script>window.inline = true</script>
      <link rel="modulepreload" href="/assets/vendor-b.js">
    </head></html>`
    expect(initialFiles(html)).toEqual({
      js: ['assets/index-a.js', 'assets/vendor-b.js', 'assets/shared-c.js'],
      css: ['assets/index-d.css'],
    })
  })

  it('counts the scripts the built page loads after its first paint, named in its app-scripts meta tag', () => {
    const html = `<!doctype html><html><head>
      <meta name="app-config" content="{}">
      <meta name="app-scripts" content="/assets/index-a.js /assets/vendor-b.js  /assets/shared-c.js" />
      <link rel="stylesheet" crossorigin href="/assets/index-d.css">
    </head></html>`
    expect(initialFiles(html)).toEqual({
      js: ['assets/index-a.js', 'assets/vendor-b.js', 'assets/shared-c.js'],
      css: ['assets/index-d.css'],
    })
  })
})

describe('measureBundle', () => {
  let dist: string
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    fs.writeFileSync(path.join(dist, file), content)
    return content
  }
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'))
  })
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }))

  it('sums the gzip size of the initial files and ranks the lazy chunks', () => {
    write(
      'index.html',
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js"><link rel="stylesheet" href="/assets/index.css">',
    )
    const entry = write('assets/index.js', `import "./vendor.js";${'const a = 1;'.repeat(500)}`)
    const vendor = write('assets/vendor.js', noise(4000))
    const css = write('assets/index.css', 'body{color:red}'.repeat(100))
    for (const [name, size] of [
      ['a', 100],
      ['b', 5000],
      ['c', 300],
      ['d', 2000],
      ['e', 50],
      ['f', 900],
    ] as const)
      write(`assets/lazy-${name}.js`, noise(size))
    write('robots.txt', 'User-agent: *')

    const report = measureBundle(dist)
    expect(report.initialJs.map((a) => a.file)).toEqual(['assets/index.js', 'assets/vendor.js'])
    expect(report.jsGzipBytes).toBe(gz(entry) + gz(vendor))
    expect(report.initialJs[0].bytes).toBe(Buffer.byteLength(entry))
    expect(report.cssGzipBytes).toBe(gz(css))
    expect(report.lazyJs.map((a) => a.file)).toEqual([
      'assets/lazy-b.js',
      'assets/lazy-d.js',
      'assets/lazy-f.js',
      'assets/lazy-c.js',
      'assets/lazy-a.js',
      'assets/lazy-e.js',
    ])
    const printed = formatReport(report)
    expect(printed).toContain(`Initial gzip: JS ${(report.jsGzipBytes / 1000).toFixed(2)} kB`)
    expect(printed).not.toContain('lazy-e.js')
  })

  it('counts a file’s own .gz and .br, as the server sends them, when the build made them', () => {
    write('index.html', '<meta name="app-scripts" content="/assets/index.js">')
    const entry = write('assets/index.js', noise(3000))
    const report = () => measureBundle(dist)
    // Without them: what @fastify/compress would make on the fly.
    expect(report().jsGzipBytes).toBe(gz(entry))
    expect(report().jsBrotliBytes).toBe(brotliCompressSync(entry, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length)
    const gzip9 = gzipSync(entry, { level: 9 })
    const brotli11 = brotliCompressSync(entry, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    fs.writeFileSync(path.join(dist, 'assets/index.js.gz'), gzip9)
    fs.writeFileSync(path.join(dist, 'assets/index.js.br'), brotli11)
    expect(report().jsGzipBytes).toBe(gzip9.length)
    expect(report().jsBrotliBytes).toBe(brotli11.length)
    expect(formatReport(report())).toContain(
      `Initial brotli (a browser over HTTPS or on localhost): JS ${(brotli11.length / 1000).toFixed(2)} kB`,
    )
    // The compressed forms are not chunks of their own.
    expect(report().lazyJs).toEqual([])
  })

  it('explains a missing build or a missing file instead of measuring nothing', () => {
    expect(() => measureBundle(dist)).toThrow(/vite build/)
    write('index.html', '<script type="module" src="/assets/gone.js"></script>')
    expect(() => measureBundle(dist)).toThrow(/assets\/gone\.js/)
    write('index.html', '<p>no scripts</p>')
    expect(() => measureBundle(dist)).toThrow(/no <script type="module">/)
  })
})
