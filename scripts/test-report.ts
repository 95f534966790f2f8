/**
 * The failed tests of a run by name, from Vitest's and Playwright's JSON reports (scripts/test.ts
 * prints them above its count line: a long run's output is often read from its end only).
 */
import path from 'node:path'

/** The part of Vitest's JSON report read here. */
export interface VitestReport {
  testResults?: Array<{
    name: string
    status: string
    message?: string
    assertionResults?: Array<{ status: string; fullName: string; failureMessages?: string[] }>
  }>
}

/** The part of Playwright's JSON report read here. */
export interface PlaywrightSuite {
  title?: string
  file?: string
  specs?: Array<{
    title: string
    file: string
    line: number
    tests?: Array<{ status: string; results?: Array<{ error?: { message?: string } }> }>
  }>
  suites?: PlaywrightSuite[]
}

const firstLine = (text: string | undefined) => String(text ?? '').split('\n')[0]

/** `file › test: first line of the error` for each failed test; a file that failed to run at all, once. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const failures: string[] = []
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name)
    const tests = file.assertionResults ?? []
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed'))
      failures.push(`${where}: ${firstLine(file.message) || 'the file failed to run'}`)
    for (const t of tests) if (t.status === 'failed') failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
  }
  return failures
}

/** `file:line › describe › test: first line of the error` for each test that failed unexpectedly. */
export function playwrightFailures(report: { suites?: PlaywrightSuite[] }): string[] {
  const failures: string[] = []
  // A file's suite is titled by the file; a describe's by its title.
  const walk = (suite: PlaywrightSuite, outer: string[]): void => {
    const titles = suite.title && suite.title !== suite.file ? [...outer, suite.title] : outer
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.find((r) => r.error)?.error?.message
          failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`)
        }
    for (const child of suite.suites ?? []) walk(child, titles)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return failures
}
