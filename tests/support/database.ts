import crypto from 'node:crypto'
import pg from 'pg'
import { openPglite, openPostgres, type Database } from '../../server/db/client'

export type Backend = 'pglite' | 'postgres'

/** Every server test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** A fresh, migrated database: in-memory PGlite, or a throw-away PostgreSQL database. */
export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') return openPglite(null)
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `cid_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString(), 20)
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
