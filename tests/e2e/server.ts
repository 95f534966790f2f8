/**
 * The server the browser tests drive: a fresh embedded database in a temp folder,
 * the real PhoneBlock list imported into it, the built web app served, payments
 * through the local Stripe stand-in (Premium monthly and the 100-coin pack have Stripe
 * prices; everything is also sold through the development provider).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../../server/app'
import { openPglite } from '../../server/db/client'
import { importFile } from '../../server/db/import'
import { loadEnv } from '../../server/env'
import { startFakeStripe } from '../support/fake-stripe'
import { startFakeViber } from '../support/fake-viber'
import { E2E_SIGN_IN } from '../support/sign-in-webhooks'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const PHONEBLOCK_FILE = path.resolve(root, '../shared/data/phoneblock-blocklist.xml')

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-e2e-'))
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e'
const fakeStripe = await startFakeStripe({ webhookSecret: STRIPE_WEBHOOK_SECRET })
// Viber's REST API stand-in; specs send the bot's callbacks with tests/support/sign-in-webhooks.ts.
const fakeViber = await startFakeViber({ authToken: E2E_SIGN_IN.viberAuthToken })
const env = loadEnv({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  // The address the browser is on: Stripe's return pages and the development checkout come back to it.
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
  LOG_LEVEL: 'error',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  // A configured Telegram bot; its Bot API is unreachable here, so replies fail quietly.
  TELEGRAM_BOT_TOKEN: '12345:e2e',
  TELEGRAM_BOT_USERNAME: 'callerid_e2e_bot',
  TELEGRAM_WEBHOOK_SECRET: 'e2e-telegram-secret',
  TELEGRAM_API_BASE: 'http://127.0.0.1:9',
  VIBER_AUTH_TOKEN: E2E_SIGN_IN.viberAuthToken,
  VIBER_BOT_URI: E2E_SIGN_IN.viberBotUri,
  VIBER_API_BASE: fakeViber.url,
  // Flash call: specs play Twilio's inbound voice webhook, signed for the address they call.
  TWILIO_AUTH_TOKEN: E2E_SIGN_IN.twilioAuthToken,
  TWILIO_VOICE_NUMBER: E2E_SIGN_IN.voiceNumber,
  DATABASE_URL: '',
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: fakeStripe.url,
  STRIPE_PRICE_TIER1_MONTH: 'price_tier1_month',
  STRIPE_PRICE_NUMCY_PACK_100: 'price_numcy_pack_100',
  APK_URL: 'https://downloads.example.com/callerid.apk',
})
const database = await openPglite(dataDir)
await importFile(database.db, { format: 'phoneblock', file: PHONEBLOCK_FILE, progress: null })
// Test fixtures (users with roles or coins): every tests/e2e/fixtures/*.ts exports a default (db) => Promise<void>.
const fixturesDir = path.join(root, 'tests/e2e/fixtures')
for (const file of fs.existsSync(fixturesDir)
  ? fs
      .readdirSync(fixturesDir)
      .filter((f) => f.endsWith('.ts'))
      .sort()
  : []) {
  const mod = (await import(path.join(fixturesDir, file))) as { default: (db: typeof database.db) => Promise<void> }
  await mod.default(database.db)
}
// E2E_WEB_ROOT: a build of the web app other than dist/ (parallel runs each build their own).
const app = await buildApp({ env, database, webRoot: process.env.E2E_WEB_ROOT || undefined })
await app.listen({ port: env.PORT, host: '127.0.0.1' })
fakeStripe.webhookUrl = `http://127.0.0.1:${env.PORT}/api/v6/payment/webhook/stripe`
fakeViber.serverUrl = `http://127.0.0.1:${env.PORT}`
const stop = async () => {
  await app.close()
  await fakeStripe.close()
  await fakeViber.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
