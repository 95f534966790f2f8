import fs from 'node:fs'
import { chromium } from '@playwright/test'
import { SEARCHED } from '../bench/seed'
import { ensureBuilt, startServer, stopServer } from './page-server'
const NUMBER = SEARCHED.slice(1)
const pages = (process.argv[2] ?? `/search,/number/${NUMBER},/login`).split(',')
const RUNS = Number(process.argv[3] ?? 1)
async function main() {
  ensureBuilt()
  const server = await startServer('+4915122229902')
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const entry = await context.newPage()
  await entry.goto(`${server.baseUrl}/key/${encodeURIComponent(server.token)}?number=${NUMBER}`)
  await entry.waitForURL(`**/number/${NUMBER}`)
  await entry.close()
  for (const route of pages) for (let run = 0; run < RUNS; run++) {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const events: any[] = []
    cdp.on('Tracing.dataCollected', (d: any) => events.push(...d.value))
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()))
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler', transferMode: 'ReportEvents' })
    await page.goto(server.baseUrl + route, { waitUntil: 'load' })
    await page.waitForTimeout(6000)
    await cdp.send('Tracing.end')
    await done
    fs.writeFileSync(`/tmp/lt${route.replace(/\W+/g, '_')}.json`, JSON.stringify(events))
    // main thread
    const main = events.find((e) => e.name === 'TracingStartedInBrowser')
    const frameTid = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    const counts: Record<string, number> = {}
    for (const e of events) if (e.name === 'RunTask') counts[e.pid + ':' + e.tid] = (counts[e.pid + ':' + e.tid] ?? 0) + 1
    const navs = events.filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes(route))
    const key = navs.length ? navs[0].pid + ':' + navs[0].tid : frameTid.map((n) => n.pid + ':' + n.tid).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0))[0]
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid + ':' + e.tid === key)
    const nav = navs[0]
    const t0 = nav?.ts ?? 0
    // profile samples
    const nodes = new Map<number, any>()
    const samples: Array<{ ts: number; id: number }> = []
    let ts = 0
    const prof = events.find((e) => e.name === 'Profile' && e.pid + ':' + e.tid === key)
    for (const e of events.filter((e) => (e.name === 'Profile' || e.name === 'ProfileChunk') && e.id === prof?.id && e.pid === prof?.pid)) {
      if (e.name === 'Profile') ts = e.args.data.startTime
      if (e.name === 'ProfileChunk') {
        const cp = e.args.data.cpuProfile ?? {}
        for (const n of cp.nodes ?? []) nodes.set(n.id, n)
        const deltas = e.args.data.timeDeltas ?? []
        ;(cp.samples ?? []).forEach((id: number, i: number) => { ts += deltas[i]; samples.push({ ts, id }) })
      }
    }
    const tasks = events.filter((e) => e.pid + ':' + e.tid === key && e.name === 'RunTask' && e.dur > 50000)
    console.log(`\n${route} run ${run + 1}: FCP ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms, long tasks ${tasks.length}, blocking ${(tasks.reduce((s, t) => s + t.dur - 50000, 0) / 1000).toFixed(0)} ms`)
    for (const task of tasks) {
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur)
      const self: Record<string, number> = {}
      const top: Record<string, number> = {}
      for (const s of inTask) {
        const n = nodes.get(s.id); if (!n) continue
        const name = (n.callFrame.functionName || '(anon)') + ':' + (n.callFrame.url || '').split('/').pop() + ':' + n.callFrame.lineNumber
        self[name] = (self[name] ?? 0) + 1
        // path
        const chain: string[] = []
        let c = n
        while (c) { if (c.callFrame.functionName && !['(root)', '(program)', '(idle)'].includes(c.callFrame.functionName)) chain.unshift(c.callFrame.functionName); c = c.parent ? nodes.get(c.parent) : undefined }
        const k = chain.slice(0, 4).join(' > ')
        top[k] = (top[k] ?? 0) + 1
      }
      const kids = events.filter((e) => e.pid + ':' + e.tid === key && e.ph === 'X' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task)
      const agg: Record<string, number> = {}
      for (const k of kids) if (['v8.compileModule', 'v8.evaluateModule', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'MinorGC', 'MajorGC', 'v8.compile', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'RunMicrotasks'].includes(k.name)) agg[k.name] = (agg[k.name] ?? 0) + k.dur
      console.log(`  at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms  [${Object.entries(agg).map(([k, v]) => k + '=' + (v / 1000).toFixed(0)).join(' ')}]  samples ${inTask.length}`)
      for (const [k, v] of Object.entries(top).sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`      ${v}  ${k}`)
      for (const [k, v] of Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`      self ${v}  ${k}`)
    }
    await page.close()
  }
  await browser.close(); await stopServer(server)
}
main()
