import { signParams as sign, type Params } from '@contract/signing'
import { config } from './config'

/** Adds cnonce, timestamp and signature to a signed call (DESIGN.md section 4). */
export function signParams(method: 'GET' | 'POST', path: string, params: Params): Record<string, string> {
  return sign(method, path, params, { host: window.location.host, secret: config.signingSecret })
}
