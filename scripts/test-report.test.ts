import { describe, expect, it } from 'vitest'
import { playwrightFailures, vitestFailures, type PlaywrightSuite, type VitestReport } from './test-report'

// Shaped as the reporters write them (Vitest's `--reporter=json`, Playwright's `json`), cut to what is read.
const vitest: VitestReport = {
  testResults: [
    {
      name: '/repo/server/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { status: 'passed', fullName: 'outer passes' },
        {
          status: 'failed',
          fullName: 'outer fails here',
          failureMessages: ['AssertionError: expected 1 to be 2 // Object.is equality\n    at /repo/server/a.test.ts:2:62'],
        },
      ],
    },
    { name: '/repo/server/b.test.ts', status: 'failed', message: "Cannot find module './gone'\nRequire stack:", assertionResults: [] },
    { name: '/repo/server/c.test.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed', fullName: 'fine' }] },
  ],
}

const spec = (title: string, line: number, status: string, message?: string) => ({
  title,
  file: 'look-up.spec.ts',
  line,
  tests: [{ status, results: [{ error: message === undefined ? undefined : { message } }] }],
})
const playwright: { suites: PlaywrightSuite[] } = {
  suites: [
    {
      title: 'look-up.spec.ts',
      file: 'look-up.spec.ts',
      specs: [spec('a look-up counts one search', 63, 'unexpected', 'Error: expect(locator).toHaveText(expected) failed\n\nLocator: ...')],
      suites: [
        {
          title: 'paid',
          file: 'look-up.spec.ts',
          specs: [spec('stays paid', 94, 'expected'), spec('a flaky one', 99, 'flaky', 'Timeout')],
          suites: [
            { title: 'after a reload', file: 'look-up.spec.ts', specs: [spec('the switch is on', 129, 'unexpected', 'Timeout 5000ms')] },
          ],
        },
      ],
    },
  ],
}

describe('the failed tests named at the end of npm test', () => {
  it('names each failed Vitest test with its file and the first line of its error, and a file that failed to run once', () => {
    expect(vitestFailures(vitest, '/repo')).toEqual([
      'server/a.test.ts › outer fails here: AssertionError: expected 1 to be 2 // Object.is equality',
      "server/b.test.ts: Cannot find module './gone'",
    ])
  })

  it('names each Playwright test that failed unexpectedly with its file, line and describes, not a flaky or passed one', () => {
    expect(playwrightFailures(playwright)).toEqual([
      'look-up.spec.ts:63 › a look-up counts one search: Error: expect(locator).toHaveText(expected) failed',
      'look-up.spec.ts:129 › paid › after a reload › the switch is on: Timeout 5000ms',
    ])
  })

  it('names nothing when nothing failed', () => {
    expect(vitestFailures({ testResults: [vitest.testResults![2]] }, '/repo')).toEqual([])
    expect(playwrightFailures({ suites: [] })).toEqual([])
  })
})
