/**
 * `npm run lighthouse -- [--runs 3] [/login,/search,/number/491637875622]`: Lighthouse (mobile,
 * its default) on the real server and the built web app: /login signed out, then /search and a
 * number page signed in. Prints, per page, the median of the runs' scores and metrics (FCP, LCP,
 * TBT, CLS and the script time of Lighthouse's bootup-time audit) with their range, and, for
 * every category under its target, the audits that cost the points in the median run. A report:
 * exits 0 whatever the scores, non-zero only when Lighthouse could not run.
 *
 * Signing in the browser: the app keeps its token in localStorage. Lighthouse 12 clears the
 * origin's caches before each page but not its localStorage (its default clearStorageTypes
 * leave local_storage alone), so the token is stored once, through the app's own key entry
 * (/key/{token}, SPEC.md section 2), in a tab opened with Chrome's plain-HTTP DevTools
 * endpoints. Every audit still starts with a cold cache; no Puppeteer, no WebSocket client.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { SEARCHED } from '../bench/seed'
import { ensureBuilt, startServer, stopServer } from './page-server'

// The bench's searched number (bench/seed.ts), with its comments.
const NUMBER = SEARCHED.slice(1)
const USER_PHONE = '+4915122229901'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]
/** Targets of the brief; SEO has none, so it never lists audits. */
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 0 }
const ALL_PAGES = [
  { path: '/login', signedIn: false },
  { path: '/search', signedIn: true },
  { path: `/number/${NUMBER}`, signedIn: true },
]
const { values: options, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '1' } } })
const RUNS = Math.max(1, Number.parseInt(options.runs!, 10) || 1)
const chosen = positionals[0]?.split(',')
const PAGES = chosen ? ALL_PAGES.filter((p) => chosen.includes(p.path)) : ALL_PAGES
if (PAGES.length === 0) throw new Error(`no such page: ${chosen!.join(', ')} (pages: ${ALL_PAGES.map((p) => p.path).join(', ')})`)

/** The metrics the issue sets targets for, in Lighthouse's units (ms; CLS unitless). */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  script: 'bootup-time',
} as const
type Metric = keyof typeof METRICS

interface DevToolsTarget {
  id: string
  type: string
  url: string
}

/**
 * Opens /key/{token}?number=… in a new tab and waits until the app has stored the key and
 * moved on to the number page, which it does only after `localStorage.token` is set.
 */
async function storeTokenInBrowser(chromePort: number, baseUrl: string, token: string) {
  const devtools = `http://127.0.0.1:${chromePort}/json`
  const entry = new URL(`/key/${encodeURIComponent(token)}?number=${NUMBER}`, baseUrl)
  const opened = await fetch(`${devtools}/new?${entry}`, { method: 'PUT' })
  if (!opened.ok) throw new Error(`Chrome did not open a tab: ${opened.status} ${await opened.text()}`)
  const tab = (await opened.json()) as DevToolsTarget
  const list = async () => (await (await fetch(`${devtools}/list`)).json()) as DevToolsTarget[]
  // Chrome throttles a background tab; the entry page should run as a visible one would.
  await fetch(`${devtools}/activate/${tab.id}`)
  try {
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      const current = (await list()).find((t) => t.id === tab.id)
      // The url is empty until the first navigation commits.
      const where = current?.url ? new URL(current.url).pathname : ''
      if (where === `/number/${NUMBER}`) return
      if (where === '/login' || where === '/not-authorized') throw new Error(`the app refused the key and went to ${where}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error('the key entry page did not move on to the number page within 30 s')
  } finally {
    // Closing is asynchronous; Lighthouse's page must not open while this tab is still in front.
    await fetch(`${devtools}/close/${tab.id}`).catch(() => undefined)
    for (let i = 0; i < 40 && (await list()).some((t) => t.id === tab.id); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

interface PageResult {
  path: string
  finalPath: string
  scores: Record<Category, number | null>
  metrics: Record<Metric, number | null>
  failing: Partial<Record<Category, string[]>>
}

type DetailItem = {
  type?: string
  items?: DetailItem[]
  node?: { selector?: string }
  issueType?: string
  source?: string
  description?: string
  url?: string
}

/** The rows of an audit's details; list-type details (LCP element, layout shifts) nest tables one level down. */
function detailItems(details: unknown): DetailItem[] {
  // Some audits (the network dependency tree) keep an object, not a list, under `items`.
  const items = (details as DetailItem | undefined)?.items
  if (!Array.isArray(items)) return []
  return items.flatMap((item) => (item.type === 'table' && Array.isArray(item.items) ? item.items : [item]))
}

/** Where to look: an element's selector, an issue's type, a console message, or a file. */
function pointer(item: DetailItem): string | undefined {
  if (item.node?.selector) return item.node.selector
  if (item.issueType) return item.issueType
  if (item.source && item.description) return `“${item.description.replace(/\s+/g, ' ').slice(0, 160)}”`
  if (typeof item.url === 'string' && /^https?:/.test(item.url)) return new URL(item.url).pathname
  return undefined
}

/** The audits of a category that Lighthouse itself shows as not passed, most costly first. */
function failingAudits(lhr: Result, category: Category, limit = 6): string[] {
  const cost = ({ ref, audit }: { ref: { weight: number }; audit: Result['audits'][string] }) => ref.weight * (1 - (audit.score ?? 1))
  const refs = lhr.categories[category]?.auditRefs ?? []
  return (
    refs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < 0.9 &&
          !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode),
      )
      // Weighted audits (metrics, a11y checks) by the points they cost; unweighted ones (performance hints) after, worst first.
      .sort((a, b) => cost(b) - cost(a) || a.audit.score! - b.audit.score!)
      .slice(0, limit)
      .map(({ audit }) => {
        const where = [...new Set(detailItems(audit.details).map(pointer).filter(Boolean))].slice(0, 2)
        const value = audit.displayValue ? ` (${audit.displayValue})` : ''
        return `${audit.id}: ${audit.title}${value}${where.length ? ` → ${where.join(', ')}` : ''}`
      })
  )
}

const savedRuns = new Map<string, number>()

/** One retry: on a busy machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP) and asks for a rerun. */
async function audit(url: string, chromePort: number, attempts = 2): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
    const problem = !result
      ? 'no result'
      : result.lhr.runtimeError
        ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`
        : null
    if (!problem) {
      // LIGHTHOUSE_REPORT_DIR keeps each page's whole report (JSON), to look into a metric.
      const dir = process.env.LIGHTHOUSE_REPORT_DIR
      if (dir) {
        fs.mkdirSync(dir, { recursive: true })
        // Every run kept (page.1.json, page.2.json…): the median is not always the last.
        const page = new URL(url).pathname.replace(/\W+/g, '_')
        const name = `${page}.${(savedRuns.get(page) ?? 0) + 1}`
        savedRuns.set(page, (savedRuns.get(page) ?? 0) + 1)
        fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result!.lhr))
        // And the page load's trace (open it in Chrome's Performance panel, or read its tasks: docs/performance.md).
        const { Trace } = result!.artifacts as { Trace?: unknown }
        if (Trace) fs.writeFileSync(path.join(dir, `${name}.trace.json`), JSON.stringify(Trace))
      }
      return result!.lhr
    }
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${problem}`)
    console.log(`  ${problem.split(' ')[0]}; running it again`)
  }
}

function summarize(pagePath: string, lhr: Result): PageResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const score = lhr.categories[c]?.score
      return [c, typeof score === 'number' ? Math.round(score * 100) : null]
    }),
  ) as Record<Category, number | null>
  const failing: PageResult['failing'] = {}
  for (const c of CATEGORIES) if (scores[c] !== null && scores[c]! < TARGETS[c]) failing[c] = failingAudits(lhr, c)
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? null])) as Record<
    Metric,
    number | null
  >
  return { path: pagePath, finalPath: new URL(lhr.finalDisplayedUrl).pathname, scores, metrics, failing }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

/** One page's runs as one result: each score and metric is the median, `ranges` its lowest and highest. */
function combine(runs: PageResult[]): PageResult & { ranges: Partial<Record<Category | Metric, [number, number]>> } {
  const ranges: Partial<Record<Category | Metric, [number, number]>> = {}
  const pick = <K extends Category | Metric>(key: K, get: (r: PageResult) => number | null) => {
    const values = runs.map(get).filter((v): v is number => v !== null)
    if (values.length === 0) return null
    ranges[key] = [Math.min(...values), Math.max(...values)]
    return median(values)
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, pick(c, (r) => r.scores[c])])) as Record<Category, number | null>
  const metrics = Object.fromEntries((Object.keys(METRICS) as Metric[]).map((m) => [m, pick(m, (r) => r.metrics[m])])) as Record<
    Metric,
    number | null
  >
  // The audits to look at are those of the run whose performance score is the median.
  const middle = runs.find((r) => r.scores.performance === scores.performance) ?? runs[0]
  return { ...middle, scores, metrics, ranges }
}

function formatMetric(metric: Metric, value: number): string {
  if (metric === 'CLS') return value.toFixed(3)
  return value >= 1000 && metric !== 'TBT' && metric !== 'script' ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`
}

function print(results: ReturnType<typeof combine>[]) {
  const head = ['page', ...CATEGORIES]
  const rows = results.map((r) => [
    r.path,
    ...CATEGORIES.map((c) => {
      const s = r.scores[c]
      return s === null ? '–' : `${s}${s < TARGETS[c] ? ' ✗' : ''}`
    }),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ')
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const row of rows) console.log(line(row))
  console.log(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']} (✗ = under target)`,
  )
  console.log(RUNS > 1 ? `\nMetrics, median of ${RUNS} runs (lowest–highest):` : '\nMetrics:')
  for (const r of results) {
    const parts = (Object.keys(METRICS) as Metric[]).map((m) => {
      const v = r.metrics[m]
      if (v === null) return `${m} –`
      const range = r.ranges[m]
      return `${m} ${formatMetric(m, v)}${RUNS > 1 && range ? ` (${formatMetric(m, range[0])}–${formatMetric(m, range[1])})` : ''}`
    })
    const perf = r.ranges.performance
    console.log(
      `  ${r.path}: performance ${r.scores.performance}${RUNS > 1 && perf ? ` (${perf[0]}–${perf[1]})` : ''}; ${parts.join(', ')}`,
    )
  }
  for (const r of results) {
    if (r.finalPath !== r.path) console.log(`\nnote: ${r.path} ended on ${r.finalPath}`)
    for (const [category, audits] of Object.entries(r.failing)) {
      console.log(`\n${r.path} – ${category} ${r.scores[category as Category]}:`)
      for (const a of audits) console.log(`  - ${a}`)
    }
  }
}

async function main() {
  ensureBuilt()
  const server = await startServer(USER_PHONE)
  let chrome: chromeLauncher.LaunchedChrome | undefined
  let stopping: Promise<void> | undefined
  // Once only: a signal can arrive while the finally block is already stopping.
  const stop = () =>
    (stopping ??= (async () => {
      chrome?.kill()
      await stopServer(server)
    })())
  const onSignal = () => void stop().finally(() => process.exit(130))
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const token = server.token
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'error',
    })
    const runs = new Map<string, PageResult[]>(PAGES.map((p) => [p.path, []]))
    let tokenStored = false
    // Round after round (not one page's runs in a row), so that a burst of load on the machine spreads over the pages.
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        if (page.signedIn && !tokenStored) {
          await storeTokenInBrowser(chrome.port, server.baseUrl, token)
          tokenStored = true
        }
        console.log(`Lighthouse: ${page.path}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ''}…`)
        runs.get(page.path)!.push(summarize(page.path, await audit(new URL(page.path, server.baseUrl).toString(), chrome.port)))
      }
    }
    print(PAGES.map((p) => combine(runs.get(p.path)!)))
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await stop()
  }
}

main().catch((error) => {
  console.error(`Lighthouse could not run: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
