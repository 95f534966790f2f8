import fp from 'fastify-plugin'
import { ERROR_CODES } from '../../contract/errors'
import { AppError } from '../errors'

/** The header the web app sends with its version (package.json's) on every API call. */
export const CLIENT_VERSION_HEADER = 'x-client-version'

/** major.minor.patch of a version string (a pre-release or build suffix is ignored); null when it is not one. */
export function parseVersion(value: string): [number, number, number] | null {
  const m = /^v?(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+].*)?$/.exec(value.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * With MIN_CLIENT_VERSION set, an API call from a web app older than that answers 426
 * (CLIENT_TOO_OLD) and the web app asks for a reload (DESIGN.md section 3). Calls
 * without the header (scripts, other clients) or with one that is not a version pass,
 * and so does the health check, which monitors call.
 */
export const clientVersionPlugin = fp(
  async (app) => {
    const min = app.env.MIN_CLIENT_VERSION
    const minimum = min ? parseVersion(min) : null
    if (!minimum) return
    app.addHook('onRequest', async (request) => {
      const header = request.headers[CLIENT_VERSION_HEADER]
      if (typeof header !== 'string' || !request.url.startsWith('/api/')) return
      const path = request.url.split('?')[0]
      if (path === '/api/health') return
      const version = parseVersion(header)
      if (!version || compareVersions(version, minimum) >= 0) return
      throw new AppError(
        426,
        ERROR_CODES.CLIENT_TOO_OLD,
        `This version of the app (${header.slice(0, 32)}) is no longer supported; the server needs ${min} or newer. Reload the page to get the current version.`,
      )
    })
  },
  { name: 'client-version', dependencies: ['core', 'errors'] },
)
