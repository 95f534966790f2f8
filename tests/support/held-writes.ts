import type { HeldWrites } from '../../server/db/write-clock'

/** Held-back inserts into a table of the test's own (one int column `v`), as the search history is held back. */
export function holder(table: string) {
  let values: number[] = []
  const writes: HeldWrites = {
    pending: () => values.length > 0,
    async write(exec) {
      const sent = values
      values = []
      await exec(`insert into ${table} (v) values ${sent.map((v) => `(${v})`).join(', ')}`)
    },
  }
  return { writes, add: (...v: number[]) => values.push(...v) }
}
