/**
 * npm run user:role -- <phone> user|moderator|admin
 * Gives an account a role, creating the account when the number has none yet.
 */
import max from 'libphonenumber-js/metadata.max.json'
import { eq, sql } from 'drizzle-orm'
import { createPhoneTools } from '../../contract/phone'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { CliError, openCliDatabase, runCli } from './common'

const ROLES = ['user', 'moderator', 'admin'] as const
type Role = (typeof ROLES)[number]

const USAGE = `Usage: npm run user:role -- <phone> user|moderator|admin

  <phone>  the account's number in international form, e.g. +49 30 1234567

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (./data).`

function readArgs(argv: string[]): { phone: string; role: Role } | null {
  if (argv.includes('--help') || argv.includes('-h')) return null
  if (argv.length !== 2) throw new CliError(`Expected a phone number and a role.\n\n${USAGE}`)
  const [input, roleArg] = argv
  const role = roleArg.toLowerCase() as Role
  if (!ROLES.includes(role)) throw new CliError(`Unknown role "${roleArg}": use user, moderator or admin.`)
  // Without a region, only numbers with their country code read as valid.
  const parsed = createPhoneTools(max).normalize(input)
  if (!parsed)
    throw new CliError(`"${input}" is not a valid phone number in international form (with its country code, like +49 30 1234567).`)
  return { phone: parsed.e164, role }
}

/** Gives an account a role (creating it when needed); what `npm run user:role` does. */
export async function setUserRole(db: Db, phone: string, role: Role): Promise<{ id: number; previous: Role | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.phone, phone)).for('update')
    const [row] = await tx
      .insert(users)
      .values({ phone, role })
      .onConflictDoUpdate({ target: users.phone, set: { role: sql`excluded.role` } })
      .returning({ id: users.id })
    return { id: row.id, previous: before?.role ?? null }
  })
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
    const { id, previous } = await setUserRole(database.db, args.phone, args.role)
    const message =
      previous === null
        ? `Created user #${id} ${international} with the role ${args.role}.`
        : previous === args.role
          ? `User #${id} ${international} already has the role ${args.role}.`
          : `User #${id} ${international}: role changed from ${previous} to ${args.role}.`
    process.stdout.write(`${message}\n`)
  } finally {
    await database.close()
  }
}

if (process.argv[1] && /user-role\.ts$/.test(process.argv[1])) runCli(main)
