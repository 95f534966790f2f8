import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { LIMITS } from '../../contract/constants'
import { ERROR_CODES } from '../../contract/errors'
import { signingBase, type Params } from '../../contract/signing'
import { badRequest } from '../errors'
import type { EphemeralStore } from './store'

/**
 * Verifies a signed call (DESIGN.md section 4): signature over method, Host, path,
 * sorted parameters and the secret; timestamp within 300 s; nonce never seen before.
 */
export function createSignatureVerifier(secret: string, store: EphemeralStore, now: () => number = Date.now) {
  return async function verifySigned(request: FastifyRequest): Promise<void> {
    const params = (request.method === 'GET' ? request.query : request.body) as Params | undefined
    if (!params || typeof params !== 'object') throw badRequest('This call must be signed', ERROR_CODES.SIGNATURE_MISSING)
    const { signature, cnonce, timestamp } = params
    if (typeof signature !== 'string' || !cnonce || !timestamp) {
      throw badRequest('This call must be signed: cnonce, timestamp and signature are required', ERROR_CODES.SIGNATURE_MISSING)
    }
    const host = request.headers.host ?? ''
    const path = request.url.split('?')[0]
    const expected = crypto
      .createHash('sha256')
      .update(signingBase(request.method, host, path, params, secret))
      .digest()
    const given = Buffer.from(signature, 'hex')
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw badRequest('The call signature does not match', ERROR_CODES.SIGNATURE_INVALID)
    }
    const skew = Math.abs(now() / 1000 - Number(timestamp))
    if (!(skew <= LIMITS.signedCallSkewSeconds)) {
      throw badRequest('The call timestamp is more than 300 seconds off; check your clock', ERROR_CODES.SIGNATURE_EXPIRED)
    }
    const fresh = await store.setIfAbsent(`nonce:${cnonce}`, LIMITS.signedCallSkewSeconds * 2)
    if (!fresh) throw badRequest('This signed call was already used', ERROR_CODES.SIGNATURE_REPLAYED)
  }
}
