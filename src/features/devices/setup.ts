import type { DeviceKind } from '@contract/api/device'

/** The clients "Protect your phone" explains, each with the kind of password it gets and where it connects. */
export type SetupClient = 'iphone' | 'davx5' | 'app' | 'fritzbox'

/** Phones sync the CardDAV books (no cap); the apps ask the PhoneBlock-compatible API; a router's book is capped by the server. */
export const CLIENT_KIND: Readonly<Record<SetupClient, DeviceKind>> = { iphone: 'phone', davx5: 'phone', app: 'app', fritzbox: 'router' }

/** The name a new device gets unless the person types another; product names, the same in every language. */
export const CLIENT_DEVICE_NAME: Readonly<Record<SetupClient, string>> = {
  iphone: 'iPhone',
  davx5: 'Android (DAVx⁵)',
  app: 'SpamBlocker',
  fritzbox: 'Fritz!Box',
}

/** CardDAV (iPhone, DAVx⁵, Fritz!Box) under /carddav/; the apps written for PhoneBlock under /phoneblock/api/ (DESIGN.md section 10). */
export function clientAddress(client: SetupClient, origin: string): string {
  return client === 'app' ? `${origin}/phoneblock/api/` : `${origin}/carddav/`
}

export interface Credentials {
  address: string
  user: string
  password: string
}

/**
 * What a new password's QR code holds.
 *
 * - DAVx⁵: a `carddavs://user:password@host/carddav/` address (`carddav://` when this server is
 *   plain http). DAVx⁵ registers these schemes and opens its "log in with URL" form with the
 *   address, user name and password filled in (its LoginActivity reads them from the URI's user
 *   info), so scanning the code with the Android phone is the whole set-up. DAVx⁵ keeps only the
 *   host of such a URI, not its port: on a server with a port the person types the address.
 * - iPhone, the apps and the Fritz!Box understand no such address: the code holds the address,
 *   the user name and the password as plain text, one per line, in that order and without labels
 *   (the same in every language). A phone's camera shows the text, to copy each line into the
 *   form it goes into, rather than retyping a 43-character password read off a computer screen.
 *
 * Either way the code carries the password, so it is shown only as long as the password is.
 */
export function qrPayload(client: SetupClient, { address, user, password }: Credentials): string {
  if (client === 'davx5') {
    const url = new URL(address)
    const scheme = url.protocol === 'http:' ? 'carddav' : 'carddavs'
    return `${scheme}://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${url.host}${url.pathname}`
  }
  return `${address}\n${user}\n${password}`
}
