/**
 * `npm run size:floor`: builds scripts/size-floor (the smallest app on React, React DOM, TanStack
 * Router, SWR, valtio and typesafe-i18n, the libraries every first render of the web app runs) with
 * the web app's build settings, and prints its gzip size beside the first-load budget
 * (scripts/bundle-size.ts). A report: what no split of the product's own code can go under.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { JS_BUDGET_GZIP_BYTES } from './bundle-size'

const root = path.join(import.meta.dirname, 'size-floor')
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'size-floor-'))
try {
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { target: 'es2022', outDir, emptyOutDir: true } })
  const files = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'))
  const code = Buffer.concat(files.map((f) => fs.readFileSync(path.join(outDir, 'assets', f))))
  const kB = (n: number) => `${(n / 1000).toFixed(2)} kB`
  const gzip = gzipSync(code, { level: 9 }).length
  console.log(
    `The libraries' floor (${files.length} file): ${kB(code.length)}, gzip ${kB(gzip)}, brotli ${kB(brotliCompressSync(code).length)}`,
  )
  console.log(
    `First-load budget: gzip ${kB(JS_BUDGET_GZIP_BYTES)}; the floor is ${gzip > JS_BUDGET_GZIP_BYTES ? 'over' : 'under'} it by ${kB(Math.abs(gzip - JS_BUDGET_GZIP_BYTES))} before any code of the product's own.`,
  )
} finally {
  fs.rmSync(outDir, { recursive: true, force: true })
}
