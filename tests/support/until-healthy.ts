import type { ChildProcess } from 'node:child_process'

/**
 * Waits until the server that `child` runs answers `url` (its health check) with 2xx, asking every
 * 100 ms; fails with the server's output so far when it exits first or is not up within `timeoutMs`.
 */
export async function untilHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`)
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    if (Date.now() > deadline) throw new Error(`the server was not healthy after ${timeoutMs / 1000} s:\n${output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
