/**
 * `npm test`: unit and server tests (vitest), then the browser tests (Playwright on
 * Chromium) when CHROME_PATH is set. Server tests also run on PostgreSQL when
 * TEST_DATABASE_URL is set, and the Redis tests when TEST_REDIS_URL is set.
 * Under CI all three must be set and no test may be skipped.
 * Ends with one line: `tests: N passed, N failed, N skipped`, the failed tests by name above it.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { playwrightFailures, vitestFailures } from './test-report'

const reports = path.resolve('.test-reports')
fs.rmSync(reports, { recursive: true, force: true })
fs.mkdirSync(reports, { recursive: true })

const ci = process.env.CI === 'true' || process.env.CI === '1'
const required = ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'CHROME_PATH']
const missing = required.filter((name) => !process.env[name])
if (ci && missing.length) {
  console.error(`CI must run every suite, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`)
  process.exit(1)
}
for (const name of missing) console.log(`note: ${name} is not set; the tests that need it are skipped.`)

const bin = (name: string) => path.resolve('node_modules', '.bin', name)
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

let passed = 0
let failed = 0
let skipped = 0
let exit = 0
/** The failed tests by name, repeated last: a long run's output is often read from its end only. */
const failures: string[] = []

const vitestJson = path.join(reports, 'vitest.json')
exit |= run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`])
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'))
  passed += r.numPassedTests
  // A suite that fails to load has no failed tests of its own: count it once.
  failed += r.numFailedTests + (r.numFailedTests === 0 ? r.numFailedTestSuites : 0)
  skipped += r.numPendingTests + r.numTodoTests
  failures.push(...vitestFailures(r, process.cwd()))
} else {
  failed += 1
}

if (process.env.CHROME_PATH) {
  exit |= run(bin('vite'), ['build', '--logLevel', 'warn'])
  const pwJson = path.join(reports, 'playwright.json')
  exit |= run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson })
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats
    passed += s.expected + s.flaky
    failed += s.unexpected
    skipped += s.skipped
    failures.push(...playwrightFailures(JSON.parse(fs.readFileSync(pwJson, 'utf8'))))
  } else {
    failed += 1
  }
}

if (ci && skipped > 0) {
  console.error(`CI runs every test, but ${skipped} were skipped.`)
  exit = 1
}
if (failures.length) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(exit || failed ? 1 : 0)
