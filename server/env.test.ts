import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_SUPPORT_EMAIL, EnvError, isPlaceholder, loadEnv } from './env'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-env-'))

/** What production needs besides the secrets (issue 33): a support address and who runs the service. */
const OPERATOR = { SUPPORT_EMAIL: 'support@callerid.com', OPERATOR_NAME: 'Caller ID Ltd', OPERATOR_ADDRESS: '1 Main Street, Springfield' }
/** A production environment that starts, to take one variable away from or change. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://callerid.com', ...OPERATOR }
const without = (name: string) => Object.fromEntries(Object.entries(PRODUCTION).filter(([key]) => key !== name))

describe('environment', () => {
  it('has safe defaults for the embedded mode and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = tmp()
    const env = loadEnv({ DATA_DIR: dir })
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      AUTH_DEV: true,
      SIGNING_SECRET: 'callerid-web',
      RATE_LIMIT_PER_MINUTE: 600,
      AUTH_RATE_LIMIT_PER_MINUTE: 30,
    })
    expect(env.providers).toEqual({
      telegram: false,
      whatsapp: false,
      whatsappBusiness: false,
      viber: false,
      sms: false,
      flashcall: false,
      dev: true,
    })
    expect(env.VIBER_API_BASE).toBe('https://chatapi.viber.com')
    expect(env.JWT_SECRET).toHaveLength(64)
    expect(loadEnv({ DATA_DIR: dir }).JWT_SECRET).toBe(env.JWT_SECRET)
  })

  it('names every bad variable in one readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(EnvError)
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/)
      expect((err as Error).message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/)
    }
  })

  it('refuses development switches in production and requires a JWT secret and the public address there', () => {
    const url = { PUBLIC_URL: 'https://callerid.example', ...OPERATOR }
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), AUTH_DEV: '1', ...url })).toThrow(/AUTH_DEV/)
    expect(() => loadEnv({ NODE_ENV: 'production', ...url })).toThrow(/JWT_SECRET/)
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_URL: required in production/)
    // Outside production it may stay unset (npm start on a fresh clone).
    expect(loadEnv({ DATA_DIR: tmp() }).PUBLIC_URL).toBeUndefined()
    const prod = loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...url })
    expect(prod.AUTH_DEV).toBe(false)
    expect(prod.providers.dev).toBe(false)
  })

  it('turns a provider on only when all of its variables are set', () => {
    const some = loadEnv({ DATA_DIR: tmp(), TELEGRAM_BOT_TOKEN: '1:abc', TELEGRAM_BOT_USERNAME: 'callerid_bot' })
    expect(some.providers.telegram).toBe(false)
    const all = loadEnv({
      DATA_DIR: tmp(),
      TELEGRAM_BOT_TOKEN: '1:abc',
      TELEGRAM_BOT_USERNAME: 'callerid_bot',
      TELEGRAM_WEBHOOK_SECRET: 'sec_ret-1',
    })
    expect(all.providers.telegram).toBe(true)
  })

  it('configures Viber, flash call and WhatsApp Business each from their own variables', () => {
    const viber = { VIBER_AUTH_TOKEN: '4453b6ac1234-viber', VIBER_BOT_URI: 'callerid' }
    expect(loadEnv({ DATA_DIR: tmp(), VIBER_AUTH_TOKEN: viber.VIBER_AUTH_TOKEN }).providers.viber).toBe(false)
    expect(loadEnv({ DATA_DIR: tmp(), ...viber }).providers.viber).toBe(true)
    expect(() => loadEnv({ DATA_DIR: tmp(), ...viber, VIBER_BOT_URI: 'viber://pa?chatURI=x' })).toThrow(/VIBER_BOT_URI/)
    // Flash call needs the auth token and the voice number, not the SMS number.
    const call = loadEnv({ DATA_DIR: tmp(), TWILIO_AUTH_TOKEN: 'tok', TWILIO_VOICE_NUMBER: '+14155550101' }).providers
    expect(call).toMatchObject({ flashcall: true, sms: false })
    expect(loadEnv({ DATA_DIR: tmp(), TWILIO_VOICE_NUMBER: '+14155550101' }).providers.flashcall).toBe(false)
    expect(() => loadEnv({ DATA_DIR: tmp(), TWILIO_AUTH_TOKEN: 'tok', TWILIO_VOICE_NUMBER: '14155550101' })).toThrow(/TWILIO_VOICE_NUMBER/)
    const business = {
      WHATSAPP_BUSINESS_APP_SECRET: 's',
      WHATSAPP_BUSINESS_PHONE_NUMBER_ID: '106540352242923',
      WHATSAPP_BUSINESS_NUMBER: '15550783882',
    }
    expect(loadEnv({ DATA_DIR: tmp(), ...business }).providers).toMatchObject({ whatsappBusiness: true, whatsapp: false })
    expect(loadEnv({ DATA_DIR: tmp(), ...business, WHATSAPP_BUSINESS_NUMBER: '' }).providers.whatsappBusiness).toBe(false)
  })

  it('renews hidden reviews every 15 minutes by default, never under NODE_ENV=test unless asked, and 0 turns it off', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).RENEWAL_INTERVAL_MINUTES).toBe(15)
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test' }).RENEWAL_INTERVAL_MINUTES).toBe(0)
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test', RENEWAL_INTERVAL_MINUTES: '5' }).RENEWAL_INTERVAL_MINUTES).toBe(5)
    expect(loadEnv({ DATA_DIR: tmp(), RENEWAL_INTERVAL_MINUTES: '0' }).RENEWAL_INTERVAL_MINUTES).toBe(0)
    expect(() => loadEnv({ DATA_DIR: tmp(), RENEWAL_INTERVAL_MINUTES: '-1' })).toThrow(/RENEWAL_INTERVAL_MINUTES/)
    expect(() => loadEnv({ DATA_DIR: tmp(), RENEWAL_INTERVAL_MINUTES: 'hourly' })).toThrow(/RENEWAL_INTERVAL_MINUTES/)
  })

  it('purges long-deactivated accounts hourly by default, never under NODE_ENV=test unless asked, and 0 turns it off', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).PURGE_INTERVAL_MINUTES).toBe(60)
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test' }).PURGE_INTERVAL_MINUTES).toBe(0)
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test', PURGE_INTERVAL_MINUTES: '5' }).PURGE_INTERVAL_MINUTES).toBe(5)
    expect(loadEnv({ DATA_DIR: tmp(), PURGE_INTERVAL_MINUTES: '0' }).PURGE_INTERVAL_MINUTES).toBe(0)
    for (const bad of ['-1', 'daily', '5000'])
      expect(() => loadEnv({ DATA_DIR: tmp(), PURGE_INTERVAL_MINUTES: bad })).toThrow(/PURGE_INTERVAL_MINUTES/)
  })

  it('takes WEB_CONCURRENCY as a whole number of processes and names it when it is anything else', () => {
    // Unset: `npm start` picks (server/cluster.ts processCount).
    expect(loadEnv({ DATA_DIR: tmp() }).WEB_CONCURRENCY).toBeUndefined()
    expect(loadEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe(4)
    expect(loadEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBeUndefined()
    for (const bad of ['0', '-1', 'auto', '2.5', '1000']) {
      expect(() => loadEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY is (a|a whole|at most)/)
    }
  })

  it('takes MIN_CLIENT_VERSION as major.minor.patch and names it when it is anything else', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).MIN_CLIENT_VERSION).toBeUndefined()
    expect(loadEnv({ DATA_DIR: tmp(), MIN_CLIENT_VERSION: '0.2.10' }).MIN_CLIENT_VERSION).toBe('0.2.10')
    for (const bad of ['1', '1.2', 'v1.2.3', '1.2.3-beta', 'latest']) {
      expect(() => loadEnv({ DATA_DIR: tmp(), MIN_CLIENT_VERSION: bad }), bad).toThrow(/MIN_CLIENT_VERSION is a version such as 0\.1\.0/)
    }
  })

  it('sheds load by default, never under NODE_ENV=test unless asked, 0 turns a check off, and names a bad value', () => {
    expect(loadEnv({ DATA_DIR: tmp() })).toMatchObject({
      PRESSURE_MAX_WAIT_MS: 200,
      PRESSURE_QUEUE_FLOOR: 100,
      PRESSURE_RETRY_AFTER_SECONDS: 2,
    })
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test' })).toMatchObject({ PRESSURE_MAX_WAIT_MS: 0, PRESSURE_QUEUE_FLOOR: 100 })
    const set = { PRESSURE_MAX_WAIT_MS: '800', PRESSURE_QUEUE_FLOOR: '20', PRESSURE_RETRY_AFTER_SECONDS: '10' }
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test', ...set })).toMatchObject({
      PRESSURE_MAX_WAIT_MS: 800,
      PRESSURE_QUEUE_FLOOR: 20,
      PRESSURE_RETRY_AFTER_SECONDS: 10,
    })
    expect(() => loadEnv({ DATA_DIR: tmp(), PRESSURE_MAX_WAIT_MS: 'soon' })).toThrow(/PRESSURE_MAX_WAIT_MS/)
    expect(() => loadEnv({ DATA_DIR: tmp(), PRESSURE_QUEUE_FLOOR: '0' })).toThrow(/PRESSURE_QUEUE_FLOOR is a number of calls/)
    for (const bad of ['0', '301', '1.5'])
      expect(() => loadEnv({ DATA_DIR: tmp(), PRESSURE_RETRY_AFTER_SECONDS: bad }), bad).toThrow(/PRESSURE_RETRY_AFTER_SECONDS/)
  })

  it('samples a tenth of page loads for real-user metrics by default, none under NODE_ENV=test unless asked, and names a bad rate', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).VITALS_SAMPLE_RATE).toBe(0.1)
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test' }).VITALS_SAMPLE_RATE).toBe(0)
    expect(loadEnv({ DATA_DIR: tmp(), NODE_ENV: 'test', VITALS_SAMPLE_RATE: '1' }).VITALS_SAMPLE_RATE).toBe(1)
    expect(loadEnv({ DATA_DIR: tmp(), VITALS_SAMPLE_RATE: '0' }).VITALS_SAMPLE_RATE).toBe(0)
    expect(loadEnv({ DATA_DIR: tmp(), VITALS_SAMPLE_RATE: '0.25' }).VITALS_SAMPLE_RATE).toBe(0.25)
    for (const bad of ['-0.1', '1.5', '10%', 'Infinity', 'all']) {
      expect(() => loadEnv({ DATA_DIR: tmp(), VITALS_SAMPLE_RATE: bad }), bad).toThrow(
        /VITALS_SAMPLE_RATE is a share of page loads from 0 to 1/,
      )
    }
  })

  it('has development stand-ins for the support address and the operator, and no store links or main site unless set', () => {
    const env = loadEnv({ DATA_DIR: tmp() })
    expect(env.SUPPORT_EMAIL).toBe(DEVELOPMENT_SUPPORT_EMAIL)
    expect(env.operator).toEqual({
      name: expect.stringMatching(/OPERATOR_NAME is not set/),
      address: expect.stringMatching(/OPERATOR_ADDRESS is not set/),
    })
    for (const name of ['MAIN_SITE_URL', 'GOOGLE_PLAY_URL', 'APP_STORE_URL', 'APPGALLERY_URL'] as const)
      expect(env[name], name).toBeUndefined()
    const set = loadEnv({ DATA_DIR: tmp(), ...OPERATOR, APP_STORE_URL: 'https://apps.apple.com/app/id1234567890' })
    expect(set).toMatchObject({
      SUPPORT_EMAIL: 'support@callerid.com',
      operator: { name: 'Caller ID Ltd', address: '1 Main Street, Springfield' },
      APP_STORE_URL: 'https://apps.apple.com/app/id1234567890',
    })
    expect(() => loadEnv({ DATA_DIR: tmp(), SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL is an e-mail address/)
    expect(() => loadEnv({ DATA_DIR: tmp(), MAIN_SITE_URL: 'callerid.com' })).toThrow(/MAIN_SITE_URL is an http\(s\) address/)
    expect(() => loadEnv({ DATA_DIR: tmp(), GOOGLE_PLAY_URL: 'javascript:alert(1)' })).toThrow(/GOOGLE_PLAY_URL is an https address/)
  })

  it('refuses to start in production without a support address, or with a placeholder one', () => {
    expect(loadEnv(PRODUCTION)).toMatchObject({ SUPPORT_EMAIL: 'support@callerid.com', operator: { name: 'Caller ID Ltd' } })
    expect(() => loadEnv(without('SUPPORT_EMAIL'))).toThrow(/SUPPORT_EMAIL: required in production/)
    for (const placeholder of ['support@callerid.example', 'help@example.com', 'support@mail.example.org']) {
      expect(() => loadEnv({ ...PRODUCTION, SUPPORT_EMAIL: placeholder }), placeholder).toThrow(/SUPPORT_EMAIL: .* is a placeholder/)
    }
  })

  it('refuses to start in production with placeholder store links or main site, and starts without any store link', () => {
    const placeholders = {
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=example.callerid',
      APP_STORE_URL: 'https://apps.apple.com/app/id0000000000',
      APPGALLERY_URL: 'https://appgallery.huawei.com/app/C000000000',
      MAIN_SITE_URL: 'https://callerid.example',
    }
    for (const [name, value] of Object.entries(placeholders)) {
      expect(() => loadEnv({ ...PRODUCTION, [name]: value }), name).toThrow(new RegExp(`${name}: .* is a placeholder`))
    }
    // Every placeholder named at once.
    expect(() => loadEnv({ ...PRODUCTION, ...placeholders })).toThrow(/GOOGLE_PLAY_URL[\s\S]*APP_STORE_URL[\s\S]*APPGALLERY_URL/)
    const real = {
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=com.callerid.app',
      APP_STORE_URL: 'https://apps.apple.com/app/id1234567890',
      APPGALLERY_URL: 'https://appgallery.huawei.com/app/C101234567',
    }
    expect(loadEnv({ ...PRODUCTION, ...real })).toMatchObject(real)
    expect(loadEnv(PRODUCTION).GOOGLE_PLAY_URL).toBeUndefined()
  })

  it('refuses to start in production when nobody runs the legal pages: the operator and its address, or a main site', () => {
    for (const name of ['OPERATOR_NAME', 'OPERATOR_ADDRESS']) {
      expect(() => loadEnv(without(name)), name).toThrow(/OPERATOR_NAME and OPERATOR_ADDRESS, or MAIN_SITE_URL: required in production/)
    }
    // A main site with the pages instead: the app serves none of its own.
    const mainSite = loadEnv({ ...without('OPERATOR_NAME'), OPERATOR_ADDRESS: '', MAIN_SITE_URL: 'https://callerid.com' })
    expect(mainSite).toMatchObject({ MAIN_SITE_URL: 'https://callerid.com', operator: null })
  })

  it('knows the placeholders from real values', () => {
    for (const value of [
      'support@callerid.example',
      'a@example.com',
      'https://www.example.net/x',
      'https://apps.apple.com/app/id0000000000',
      'https://x.test',
      'example.callerid',
    ]) {
      expect(isPlaceholder(value), value).toBe(true)
    }
    for (const value of [
      'support@callerid.com',
      'https://apps.apple.com/app/id1234567890',
      'https://play.google.com/store/apps/details?id=com.example2.app',
      'help@examples.org',
    ]) {
      expect(isPlaceholder(value), value).toBe(false)
    }
  })

  it('takes KEY_REDIRECT_HOSTS as comma-separated origins, none by default, and names anything else', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).KEY_REDIRECT_HOSTS).toEqual([])
    expect(
      loadEnv({ DATA_DIR: tmp(), KEY_REDIRECT_HOSTS: 'https://pay.example.com, https://Example.org/,http://localhost:8080' })
        .KEY_REDIRECT_HOSTS,
    ).toEqual(['https://pay.example.com', 'https://example.org', 'http://localhost:8080'])
    for (const bad of [
      'pay.example.com',
      'https://pay.example.com/checkout',
      'https://pay.example.com?x=1',
      'javascript:alert(1)',
      'ftp://files.example.com',
      '//evil.example',
      'https://user@pay.example.com',
    ]) {
      expect(() => loadEnv({ DATA_DIR: tmp(), KEY_REDIRECT_HOSTS: bad }), bad).toThrow(/KEY_REDIRECT_HOSTS is comma-separated origins/)
    }
  })
})
