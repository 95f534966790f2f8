import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../../server/app'
import { openPglite, openPostgres, type Database } from '../../server/db/client'
import { loadEnv } from '../../server/env'

export type Backend = 'pglite' | 'postgres'

/** Every server test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** An empty database created on TEST_DATABASE_URL's server: its URL, and `drop` to remove it. */
export async function throwAwayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `cid_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

/** A fresh, migrated database: in-memory PGlite, or a throw-away PostgreSQL database. */
export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') return openPglite(null)
  const created = await throwAwayPostgres()
  const database = await openPostgres(created.url, 20)
  return {
    ...database,
    async close() {
      await database.close()
      await created.drop()
    },
  }
}

/**
 * Two API servers on one throw-away PostgreSQL database, as two instances behind a load
 * balancer run: for jobs and limits that must hold across servers. `env` adds variables
 * (REDIS_URL: both share that Redis); `listen` puts each on a port of its own (`urls`),
 * for real HTTP. `close` stops both.
 */
export async function twoServersOnOnePostgres(
  env: Record<string, string> = {},
  opts: { listen?: boolean; poolSize?: number } = {},
): Promise<{ apps: FastifyInstance[]; databases: Database[]; urls: string[]; close(): Promise<void> }> {
  const created = await throwAwayPostgres()
  const databases: Database[] = []
  const apps: FastifyInstance[] = []
  const urls: string[] = []
  for (let i = 0; i < 2; i++) {
    const database = await openPostgres(created.url, opts.poolSize ?? 5)
    databases.push(database)
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', SEED_DEMO: '0', ...env }),
      database,
      logger: false,
      webRoot: '/nonexistent',
    })
    await app.ready()
    apps.push(app)
    if (opts.listen) urls.push(await app.listen({ port: 0, host: '127.0.0.1' }))
  }
  return {
    apps,
    databases,
    urls,
    async close() {
      for (const app of apps) await app.close()
      for (const database of databases) await database.close()
      await created.drop()
    },
  }
}
