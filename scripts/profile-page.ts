/**
 * `npm run profile:page -- [--rate 4] [--fast] [--runs 1] [/search,/number/491637875622,/login]`: where a page
 * load's main thread goes. Starts the same server as `npm run lighthouse` (scripts/page-server.ts),
 * signs a user in, then loads each page in Chromium (CHROME_PATH) with the CPU slowed down `rate`
 * times (Lighthouse's phone: 4) and, unless `--fast`, a slow mobile network, records a CPU profile
 * through the DevTools protocol and prints the time per script file and per function, most first
 * (of the last run; with `--runs N`, also each run's total and their median: one run varies by a third).
 * Each profile is kept as `<dir>/<page>.cpuprofile` (PROFILE_DIR, default the system's temp folder)
 * for Chrome's Performance panel. Build with `npx vite build --minify false` first to read
 * function names. A report: exits non-zero only when it could not run.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { SEARCHED } from '../bench/seed'
import { ensureBuilt, startServer, stopServer } from './page-server'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rate: { type: 'string', default: '4' }, fast: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' } },
})
const RUNS = Math.max(1, Number.parseInt(values.runs!, 10) || 1)
const NUMBER = SEARCHED.slice(1)
const pages = (positionals[0] ?? `/search,/number/${NUMBER},/login`).split(',')
const outDir = process.env.PROFILE_DIR ?? os.tmpdir()

/** Self time per key (microseconds), idle and the profiler's own "(program)" left out. */
function selfTimes(profile: Profile, key: (node: ProfileNode) => string): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!
    if (['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) return
    const k = key(node)
    totals.set(k, (totals.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  return [...totals].sort((a, b) => b[1] - a[1])
}

const file = (url: string) => url.split('/').pop() || '(native)'
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms`

async function main() {
  ensureBuilt()
  const server = await startServer('+4915122229902')
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const token = server.token
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    // The app keeps its session in local storage: the key entry page stores it (SPEC.md section 2).
    const entry = await context.newPage()
    await entry.goto(`${server.baseUrl}/key/${encodeURIComponent(token)}?number=${NUMBER}`)
    await entry.waitForURL(`**/number/${NUMBER}`)
    await entry.close()
    for (const route of pages) {
      const totals: number[] = []
      for (let run = 1; run <= RUNS; run++) {
        const page = await context.newPage()
        // Long tasks as the page's own PerformanceObserver sees them (at the slowed-down CPU): the
        // blocking time past 50 ms of each, summed, is a total blocking time without Lighthouse's model.
        await page.addInitScript(() => {
          const seen: number[] = []
          ;(window as unknown as { __longTasks: number[] }).__longTasks = seen
          new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.push(e.duration))).observe({
            type: 'longtask',
            buffered: true,
          })
        })
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
        if (!values.fast) {
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 150,
            downloadThroughput: (1.6 * 1024 * 1024) / 8,
            uploadThroughput: (750 * 1024) / 8,
          })
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.rate) })
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
        await cdp.send('Profiler.start')
        await page.goto(server.baseUrl + route, { waitUntil: 'load' })
        await page.waitForTimeout(8000)
        const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
        const saved = path.join(outDir, `${route.replace(/\W+/g, '_')}.cpuprofile`)
        fs.writeFileSync(saved, JSON.stringify(profile))
        const byFile = selfTimes(profile, (n) => file(n.callFrame.url))
        const total = byFile.reduce((sum, [, us]) => sum + us, 0)
        totals.push(total)
        if (run < RUNS) {
          await page.close()
          continue
        }
        console.log(`\n${route}: ${ms(total).trim()} of main thread at ${values.rate}× CPU (${saved})`)
        const blocking = longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)
        console.log(
          `  long tasks: ${longTasks.length}, blocking ${blocking.toFixed(0)} ms past 50 ms each (longest ${Math.max(0, ...longTasks).toFixed(0)} ms: ${longTasks.map((d) => d.toFixed(0)).join(' ')})`,
        )
        for (const [k, us] of byFile.slice(0, 10)) console.log(`${ms(us)}  ${k}`)
        console.log('  functions:')
        for (const [k, us] of selfTimes(
          profile,
          (n) => `${n.callFrame.functionName || '(anonymous)'} ${file(n.callFrame.url)}:${n.callFrame.lineNumber}`,
        ).slice(0, 15))
          console.log(`${ms(us)}  ${k}`)
        await page.close()
      }
      if (RUNS > 1) {
        const sorted = [...totals].sort((a, b) => a - b)
        console.log(
          `  ${RUNS} runs: median ${ms(sorted[Math.floor((RUNS - 1) / 2)]).trim()} of main thread (${totals.map((t) => ms(t).trim()).join(', ')})`,
        )
      }
    }
  } finally {
    await browser.close()
    await stopServer(server)
  }
}

main().catch((error) => {
  console.error(`The profile could not run: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
