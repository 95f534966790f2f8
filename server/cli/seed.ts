/** npm run db:seed — demo data in fictional number ranges, only into a database without users. */
import { seedDemo } from '../db/seed'
import { openCliDatabase, runCli } from './common'

async function main(): Promise<void> {
  const database = await openCliDatabase()
  try {
    const seeded = await seedDemo(database.db)
    process.stdout.write(
      seeded
        ? 'Seeded the demo data: users named "Demo …" on +1 201-555-01xx and +44 20 7946 0xxx, with contacts, comments, bans, poll answers and coins.\n'
        : 'The database already has users: demo data not added.\n',
    )
  } finally {
    await database.close()
  }
}

runCli(main)
