/**
 * Backups of the embedded database (issue 11). A backup is PGlite's own dump of its
 * data folder (a gzipped tar) taken between two statements, so it is what a crash at
 * that moment would leave: consistent, and PostgreSQL's recovery finishes it on
 * restore. While a server holds the folder, `npm run db:backup` asks that server for
 * the dump (a request file and SIGUSR2, answered by a result file); with no server it
 * opens the folder itself. A restore opens a fresh folder from the dump
 * (`openPglite(dir, { restoreFrom })`), migrating it to this version. PostgreSQL is
 * backed up with pg_dump (docs/operations.md).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'

const REQUEST_FILE = 'backup-request.json'
const resultFile = (id: string) => `backup-result-${id}.json`

interface BackupRequest {
  id: string
  file: string
}
interface BackupResult {
  ok: boolean
  bytes?: number
  error?: string
}

/** Writes the dump of `client` to `file`, whole or not at all (a temp file renamed into place). */
export async function dumpPglite(client: PGlite, file: string): Promise<number> {
  // A checkpoint first, so the restored copy has little WAL to replay.
  await client.query('checkpoint')
  const blob = await client.dumpDataDir('gzip')
  const bytes = Buffer.from(await blob.arrayBuffer())
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.partial`
  fs.writeFileSync(tmp, bytes)
  fs.renameSync(tmp, file)
  return bytes.length
}

/**
 * In the server process: answers backup requests for its data folder (SIGUSR2).
 * Returns the function that stops listening.
 */
export function answerBackupRequests(dataDir: string, backup: (file: string) => Promise<number>): () => void {
  const onSignal = () => {
    let request: BackupRequest
    try {
      request = JSON.parse(fs.readFileSync(path.join(dataDir, REQUEST_FILE), 'utf8')) as BackupRequest
    } catch {
      return
    }
    const answer = (result: BackupResult) => fs.writeFileSync(path.join(dataDir, resultFile(request.id)), JSON.stringify(result))
    backup(request.file).then(
      (bytes) => answer({ ok: true, bytes }),
      (err: unknown) => answer({ ok: false, error: (err as Error).message }),
    )
  }
  process.on('SIGUSR2', onSignal)
  return () => void process.off('SIGUSR2', onSignal)
}

/** From the backup command: asks the server process `pid` holding `dataDir` for a backup into `file`. */
export async function requestBackup(dataDir: string, pid: number, file: string, timeoutMs = 120_000): Promise<number> {
  const id = crypto.randomBytes(6).toString('hex')
  fs.writeFileSync(path.join(dataDir, REQUEST_FILE), JSON.stringify({ id, file } satisfies BackupRequest))
  process.kill(pid, 'SIGUSR2')
  const result = path.join(dataDir, resultFile(id))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (fs.existsSync(result)) {
      const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as BackupResult
      fs.rmSync(result, { force: true })
      if (!answer.ok) throw new Error(`The running server could not write the backup: ${answer.error}`)
      return answer.bytes ?? 0
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('The running server did not answer the backup request in time')
}
