import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The house's walls (eslint.config.js, docs/architecture.md) tried with the imports they
 * forbid: each line below is code a newcomer might write, linted as if it were in that file.
 */
const eslint = new ESLint()
async function refused(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message)
}

describe('import walls', () => {
  it.each([
    ['server/modules/search/look-up.ts', "import { sql } from 'drizzle-orm'\nexport const x = sql``\n"],
    ['server/modules/payments/stripe-events.ts', "import { payments } from '../../db/schema'\nexport const x = payments\n"],
    ['server/modules/coins/renewal-job.ts', "import { eq } from 'drizzle-orm'\nexport const x = eq\n"],
    ['server/modules/auth/webhooks/telegram.ts', "import { users } from '../../../db/schema'\nexport const x = users\n"],
    ['server/modules/history/routes.ts', "import { searchHistory } from '../../db/schema'\nexport const x = searchHistory\n"],
    ['server/plugins/auth.ts', "import { sql } from 'drizzle-orm'\nexport const x = sql``\n"],
    ['server/app.ts', "import * as p from '../src/app/providers'\nexport const x = p\n"],
    ['src/lib/format.ts', "import { buildApp } from '../../server/app'\nexport const x = buildApp\n"],
    ['src/features/number/api/x.ts', "import * as y from '../../comments/hide-flows'\nexport const x = y\n"],
    ['contract/api/x.ts', "import { env } from '../../server/env'\nexport const x = env\n"],
    ['server/db/x.ts', "import { lookUpNumber } from '../modules/search/look-up'\nexport const x = lookUpNumber\n"],
  ])('%s refuses a forbidden import', async (file, code) => {
    expect(await refused(file, code)).not.toEqual([])
  })

  it.each([
    ['server/modules/search/repository.ts', "import { sql } from 'drizzle-orm'\nexport const x = sql``\n"],
    ['server/modules/auth/key-repository.ts', "import { users } from '../../db/schema'\nexport const x = users\n"],
  ])('%s, a repository, may query the database', async (file, code) => {
    expect(await refused(file, code)).toEqual([])
  })
})
