import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { users } from '../../server/db/schema'
import type { FuzzCallers } from '../fuzz/fuzz'
import { devSignIn } from './dev-sign-in'

const USER = '+4915190030001'
const MODERATOR = '+4915190030002'

/**
 * The fuzz's callers on a running server: a user and a moderator signed in over HTTP, and a
 * new device password of the user (as Settings → Protect your phone makes one) for the
 * PhoneBlock and CardDAV routes. Called again whenever a fuzzed call signed one out.
 */
export async function fuzzCallers(baseUrl: string, db: Db): Promise<FuzzCallers> {
  const user = await devSignIn(baseUrl, USER)
  const moderator = await devSignIn(baseUrl, MODERATOR)
  await db.update(users).set({ role: 'moderator' }).where(eq(users.phone, MODERATOR))
  const res = await fetch(new URL('/api/v6/device/add', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fuzz phone', kind: 'phone' }),
  })
  const body = await res.json()
  if (!res.ok) throw new Error(`device/add answered ${res.status}: ${JSON.stringify(body)}`)
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.phone, USER))
  return { user, moderator, device: { password: body.data.password as string, userId: me.id } }
}
