import crypto from 'node:crypto'

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1 over the full public URL followed by
 * every POST parameter as name+value, sorted by name. Like twilio-node, the URL is
 * also tried with and without the default https port.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url)
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64')
}

function urlVariants(url: string): string[] {
  const u = new URL(url)
  const variants = [url]
  if (u.protocol !== 'https:') return variants
  const withPort = `https://${u.hostname}:443${u.pathname}${u.search}`
  const withoutPort = `https://${u.hostname}${u.pathname}${u.search}`
  variants.push(url.includes(`${u.hostname}:443`) ? withoutPort : withPort)
  return variants
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !header) return false
  const given = Buffer.from(header)
  return urlVariants(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params))
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  })
}

export function twiml(message?: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
  return message
    ? `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escape(message)}</Message></Response>`
    : '<?xml version="1.0" encoding="UTF-8"?><Response/>'
}

/** The answer to an inbound call that ends it unanswered, so a flash call costs nothing. */
export const twimlReject = '<?xml version="1.0" encoding="UTF-8"?><Response><Reject/></Response>'

/**
 * Whether an inbound call's `StirVerstat` (Twilio's STIR/SHAKEN verification result, absent
 * when the call carried none) says the caller id could not be trusted. Twilio documents
 * `TN-Validation-Passed-A|B|C`, `TN-Validation-Failed-A|B|C` and `No-TN-Validation`;
 * anything but a passed one is refused, so a value Twilio adds later fails closed.
 */
export function failedAttestation(stirVerstat: string | undefined): boolean {
  if (stirVerstat === undefined || stirVerstat === '') return false
  return !/^TN-Validation-Passed(-[ABC])?$/.test(stirVerstat)
}
