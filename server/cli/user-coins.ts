/**
 * npm run user:coins -- <phone> <n>
 * Grants n coins to an account, with a ledger row, creating the account when the number has none yet.
 */
import max from 'libphonenumber-js/metadata.max.json'
import { eq } from 'drizzle-orm'
import { createPhoneTools } from '../../contract/phone'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { grantCoins } from '../modules/coins/ledger-repository'
import { CliError, openCliDatabase, runCli } from './common'

const MAX_GRANT = 1_000_000

const USAGE = `Usage: npm run user:coins -- <phone> <n>

  <phone>  the account's number in international form, e.g. +49 30 1234567
  <n>      how many coins to grant, a whole number from 1 to ${MAX_GRANT}

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (./data).`

export function readArgs(argv: string[]): { phone: string; amount: number } | null {
  if (argv.includes('--help') || argv.includes('-h')) return null
  if (argv.length !== 2) throw new CliError(`Expected a phone number and a number of coins.\n\n${USAGE}`)
  const [input, amountArg] = argv
  const parsed = createPhoneTools(max).normalize(input)
  if (!parsed)
    throw new CliError(`"${input}" is not a valid phone number in international form (with its country code, like +49 30 1234567).`)
  if (!/^\d+$/.test(amountArg) || Number(amountArg) < 1 || Number(amountArg) > MAX_GRANT) {
    throw new CliError(`"${amountArg}" is not a number of coins: use a whole number from 1 to ${MAX_GRANT}.`)
  }
  return { phone: parsed.e164, amount: Number(amountArg) }
}

/** Grants coins (ledger reason `admin_grant`), creating the account first when needed. */
export async function grantUserCoins(db: Db, phone: string, amount: number): Promise<{ id: number; created: boolean; balance: number }> {
  const [inserted] = await db.insert(users).values({ phone }).onConflictDoNothing({ target: users.phone }).returning({ id: users.id })
  const [user] = inserted ? [inserted] : await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  const balance = await grantCoins(db, user.id, amount, 'admin_grant')
  return { id: user.id, created: Boolean(inserted), balance }
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2))
  if (!args) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const international = createPhoneTools(max).formatInternational(args.phone)
  const database = await openCliDatabase()
  try {
    const { id, created, balance } = await grantUserCoins(database.db, args.phone, args.amount)
    process.stdout.write(
      `${created ? 'Created user' : 'User'} #${id} ${international}: granted ${args.amount} coins; balance is now ${balance}.\n`,
    )
  } finally {
    await database.close()
  }
}

if (process.argv[1] && /user-coins\.ts$/.test(process.argv[1])) runCli(main)
