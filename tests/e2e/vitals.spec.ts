import { expect, test, type Request } from '@playwright/test'
import { apiSignIn, signedInPage } from './support'

test('a sampled page load sends its LCP and CLS (and INP) for the route pattern when the page is hidden', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+49 151 78600001')
  const page = await signedInPage(browser, baseURL!, token)
  // The browser tests' server samples no page load (VITALS_SAMPLE_RATE is 0 under NODE_ENV=test), so that
  // no other spec sends reports at random; this page's run-time config asks for every page load instead.
  let configured = false
  await page.route(
    (url) => url.pathname.startsWith('/number/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const html = await response.text()
      expect(html).toContain('content="{&quot;signingSecret&quot;')
      expect(html).not.toContain('vitalsSampleRate')
      configured = true
      await route.fulfill({ response, body: html.replace('content="{', 'content="{&quot;vitalsSampleRate&quot;:1,') })
    },
  )
  const sent: Request[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v6/vitals') sent.push(r)
  })

  await page.goto('/number/491637875622')
  expect(configured).toBe(true)
  await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
  // The reporter (with web-vitals) is a chunk of its own, loaded when the browser is idle after the first render.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/assets\/vitals-reporter-[\w-]+\.js$/.test(e.name)),
  )
  // A click ends LCP's observation (and is an interaction for INP); nothing is sent while the page is visible.
  await page.getByRole('heading', { level: 1 }).click()
  await page.waitForTimeout(500)
  expect(sent).toHaveLength(0)

  // The page is hidden, as when the user switches tabs: the values go out in one batch.
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v6/vitals' && r.method() === 'POST')
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    Object.defineProperty(document, 'hidden', { value: true, configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const req = await request
  const response = await req.response()
  expect(response?.status()).toBe(200)
  expect(await response?.json()).toEqual({ status: true })
  expect(req.headers()['content-type']).toBe('application/json')
  expect(req.headers()['x-client-version']).toMatch(/^\d+\.\d+\.\d+/)
  // Nothing about who: no token goes with it.
  expect(req.headers().authorization).toBeUndefined()

  const body = req.postDataJSON() as { metrics: Array<{ name: string; value: number; rating: string; route: string }> }
  const names = body.metrics.map((m) => m.name).sort()
  expect(names).toContain('LCP')
  expect(names).toContain('CLS')
  for (const name of names) expect(['CLS', 'INP', 'LCP']).toContain(name)
  expect(new Set(names).size).toBe(names.length)
  for (const m of body.metrics) {
    // The route's pattern, never the address with the number in it.
    expect(m.route).toBe('/number/$phoneNumber')
    expect(m.value).toBeGreaterThanOrEqual(0)
    expect(['good', 'needs-improvement', 'poor']).toContain(m.rating)
  }
  expect(body.metrics.find((m) => m.name === 'LCP')!.value).toBeGreaterThan(0)
  expect(JSON.stringify(body)).not.toMatch(/491637875622|7875622/)
  // Once per page load: hiding the page again sends nothing new.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await page.waitForTimeout(300)
  expect(sent).toHaveLength(1)
  await page.context().close()
})
