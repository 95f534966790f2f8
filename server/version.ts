import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The app's version from package.json, as the health check and the API reference state it. */
export const version = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8'))
  .version as string
