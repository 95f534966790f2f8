import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_SIGNING_SECRET } from '../contract/signing'
import { PRODUCTS, type Product } from '../contract/api/payments'

const KEY_REDIRECT_HOSTS_MESSAGE =
  'KEY_REDIRECT_HOSTS is comma-separated origins, scheme and host only, e.g. https://pay.example.com,https://example.org'

/** An http(s) origin written as one: scheme, host and port, nothing after (a trailing slash at most). */
function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry)
    return (url.protocol === 'https:' || url.protocol === 'http:') && entry.replace(/\/$/, '').toLowerCase() === url.origin.toLowerCase()
  } catch {
    return false
  }
}

const bool = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v))

const positiveInt = z.coerce.number().int().positive()

/** The load shedding's production settings (server/plugins/pressure.ts, ADR 0050); tests of the shedding use them too. */
export const PRESSURE_DEFAULTS = { maxWaitMs: 200, queueFloor: 100 } as const

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Server processes `npm start` runs (node:cluster); default one per core on PostgreSQL, always 1 on the embedded database. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'WEB_CONCURRENCY is a number of processes, 1 or more' })
    .int('WEB_CONCURRENCY is a whole number of processes')
    .min(1, 'WEB_CONCURRENCY is a number of processes, 1 or more')
    .max(256, 'WEB_CONCURRENCY is at most 256 processes')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// URL' }).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  AUTH_DEV: bool.optional(),
  SIGNING_SECRET: z.string().min(1).default(DEFAULT_SIGNING_SECRET),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  /** Megabytes of public number pages each server process keeps (issue 12); 0 turns the cache off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0, 'PAGE_CACHE_MB is megabytes, 0 or more (0 turns the cache off)').max(65536).default(64),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  /** Private look-ups (GET /api/v1/check-prefix, no sign-in) per minute per address. */
  CHECK_PREFIX_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  /** The address users reach this server at; required in production (Stripe's return pages, Twilio signatures). */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SEED_DEMO: bool.default(true),
  /** Minutes between runs of the hidden-review renewal job; 0 turns it off. Default 15 (0 under NODE_ENV=test). */
  RENEWAL_INTERVAL_MINUTES: z.coerce
    .number()
    .min(0, 'RENEWAL_INTERVAL_MINUTES is minutes, 0 or more (0 turns renewal off)')
    .max(24 * 60)
    .optional(),
  /** Minutes between runs of the expiry of introduction requests nobody accepted in 7 days (refunded); 0 turns it off. Default 60 (0 under NODE_ENV=test). */
  FOF_EXPIRY_INTERVAL_MINUTES: z.coerce
    .number()
    .min(0, 'FOF_EXPIRY_INTERVAL_MINUTES is minutes, 0 or more (0 turns the expiry off)')
    .max(24 * 60)
    .optional(),
  /** Minutes between runs of the purge of accounts deactivated over 30 days ago; 0 turns it off. Default 60 (0 under NODE_ENV=test). */
  PURGE_INTERVAL_MINUTES: z.coerce
    .number()
    .min(0, 'PURGE_INTERVAL_MINUTES is minutes, 0 or more (0 turns the purge off)')
    .max(24 * 60)
    .optional(),
  /**
   * Load shedding (server/plugins/pressure.ts): a new API call is answered 503 when the calls under way would keep it
   * waiting longer than this (ms), by the oldest one's wait and the rate calls are answered at. 0 turns it off.
   * Default 200 (0 under NODE_ENV=test).
   */
  PRESSURE_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0, 'PRESSURE_MAX_WAIT_MS is milliseconds, 0 or more (0 turns the check off)')
    .max(60_000)
    .optional(),
  /** Load shedding: while fewer API calls than this are under way in a process, none is refused. */
  PRESSURE_QUEUE_FLOOR: z.coerce
    .number()
    .int()
    .min(1, 'PRESSURE_QUEUE_FLOOR is a number of calls, 1 or more')
    .max(100_000)
    .default(PRESSURE_DEFAULTS.queueFloor),
  /** The Retry-After of the load shedding's 503 answers, in seconds. */
  PRESSURE_RETRY_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'PRESSURE_RETRY_AFTER_SECONDS is whole seconds, 1 to 300')
    .max(300, 'PRESSURE_RETRY_AFTER_SECONDS is whole seconds, 1 to 300')
    .default(2),
  /** The oldest web app version the API still serves (`X-Client-Version`); older ones get 426. */
  MIN_CLIENT_VERSION: z
    .string()
    .regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}$/, 'MIN_CLIENT_VERSION is a version such as 0.1.0')
    .optional(),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,64}$/, 'TELEGRAM_BOT_USERNAME is the bot name without @')
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 1-256 of A-Z a-z 0-9 _ -')
    .optional(),
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).optional(),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{6,15}$/, 'WHATSAPP_NUMBER is digits only, no +')
    .optional(),
  /** A second, separately configured WhatsApp Cloud API number, offered as its own method. */
  WHATSAPP_BUSINESS_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_BUSINESS_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_BUSINESS_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).optional(),
  WHATSAPP_BUSINESS_NUMBER: z
    .string()
    .regex(/^\d{6,15}$/, 'WHATSAPP_BUSINESS_NUMBER is digits only, no +')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_NUMBER: z
    .string()
    .regex(/^\+\d{6,15}$/, 'TWILIO_NUMBER is E.164, e.g. +14155550100')
    .optional(),
  /** Flash call: the Twilio number users call; its inbound voice webhook rejects the call and confirms the code. */
  TWILIO_VOICE_NUMBER: z
    .string()
    .regex(/^\+\d{6,15}$/, 'TWILIO_VOICE_NUMBER is E.164, e.g. +14155550101')
    .optional(),
  VIBER_AUTH_TOKEN: z.string().min(1).optional(),
  VIBER_BOT_URI: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'VIBER_BOT_URI is the bot URI of viber://pa?chatURI=…')
    .optional(),
  /** The name the bot's messages show (Viber's sender.name, at most 28 characters). */
  VIBER_BOT_NAME: z.string().min(1).max(28).default('Caller ID'),
  VIBER_API_BASE: z.url().default('https://chatapi.viber.com'),
  /** A JSON file replacing the default catalogue of packs and plans (DESIGN.md section 8). */
  PLANS_FILE: z.string().min(1).optional(),
  /** The in-app development payment provider; on outside production, refused in production. */
  PAYMENTS_DEV: bool.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY is a secret key, sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET is the endpoint signing secret, whsec_…')
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
  ...Object.fromEntries(
    PRODUCTS.map((p) => [
      stripePriceVar(p),
      z
        .string()
        .regex(/^price_\w+$/, `${stripePriceVar(p)} is a Stripe price id, price_…`)
        .optional(),
    ]),
  ),
  /** The invisible bot check (Cloudflare Turnstile) on sign-in: both keys, or neither. */
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_API_BASE: z.url().default('https://challenges.cloudflare.com'),
  /** The share of page loads (0 to 1) that report their LCP, INP and CLS to POST /api/v6/vitals; 0 turns it off. Default 0.1 (0 under NODE_ENV=test). */
  VITALS_SAMPLE_RATE: z.coerce
    .number({ error: 'VITALS_SAMPLE_RATE is a share of page loads from 0 to 1, e.g. 0.1 (0 turns reporting off)' })
    .min(0, 'VITALS_SAMPLE_RATE is a share of page loads from 0 to 1, e.g. 0.1 (0 turns reporting off)')
    .max(1, 'VITALS_SAMPLE_RATE is a share of page loads from 0 to 1, e.g. 0.1 (0 turns reporting off)')
    .optional(),
  /** Where the Android app (APK) is downloaded from; without it the footer shows no APK badge. */
  APK_URL: z.url().optional(),
  /** Who runs the service (the legal person), named on the app's own legal pages with OPERATOR_ADDRESS. */
  OPERATOR_NAME: z.string().trim().min(1).max(200, 'OPERATOR_NAME is at most 200 characters').optional(),
  /** The operator's postal address, on the app's own legal pages (Contacts, Terms, Privacy). */
  OPERATOR_ADDRESS: z.string().trim().min(1).max(500, 'OPERATOR_ADDRESS is at most 500 characters').optional(),
  /** The support mailbox of SPEC.md section 1: footer, complaint modal, legal pages. Required in production. */
  SUPPORT_EMAIL: z.email({ error: 'SUPPORT_EMAIL is an e-mail address, e.g. support@yourcompany.com' }).optional(),
  /** A main site serving the legal pages (`{MAIN_SITE_URL}/{lang}/tos`…); without it the app serves its own at /legal/{page}. */
  MAIN_SITE_URL: z.url({ protocol: /^https?$/, error: 'MAIN_SITE_URL is an http(s) address, e.g. https://callerid.com' }).optional(),
  /** The store pages of the mobile apps, as footer badges for signed-in users; a badge without its address is not shown. */
  GOOGLE_PLAY_URL: z
    .url({
      protocol: /^https?$/,
      error: 'GOOGLE_PLAY_URL is an https address, e.g. https://play.google.com/store/apps/details?id=com.yourcompany.callerid',
    })
    .optional(),
  APP_STORE_URL: z
    .url({ protocol: /^https?$/, error: 'APP_STORE_URL is an https address, e.g. https://apps.apple.com/app/id1234567890' })
    .optional(),
  APPGALLERY_URL: z
    .url({ protocol: /^https?$/, error: 'APPGALLERY_URL is an https address, e.g. https://appgallery.huawei.com/app/C123456789' })
    .optional(),
  /** Other sites a key link (`/key/{key}?banner=1&to=`) may send the browser to: comma-separated origins. */
  KEY_REDIRECT_HOSTS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(isOrigin, KEY_REDIRECT_HOSTS_MESSAGE)
          .transform((entry) => new URL(entry).origin),
      ),
    )
    .optional(),
})

/** The variable naming the Stripe price of a product: STRIPE_PRICE_TIER1_MONTH. */
export function stripePriceVar(product: Product): string {
  return `STRIPE_PRICE_${product.toUpperCase()}`
}

export type RawEnv = z.infer<typeof envSchema>

/** The support address outside production when SUPPORT_EMAIL is unset: a placeholder, refused in production. */
export const DEVELOPMENT_SUPPORT_EMAIL = 'support@callerid.example'

/**
 * Whether a value is one of the placeholders the app once carried, or an example address: an
 * `example.com/.net/.org` or `*.example` domain (RFC 2606), a store id of zeros (`id0000000000`,
 * `C000000000`) or the `example.callerid` package. Refused in production (issue 33).
 */
export function isPlaceholder(value: string): boolean {
  const host = (value.includes('@') && !value.includes('/') ? value.split('@').pop()! : hostOf(value)).toLowerCase()
  if (/(^|\.)example(\.(com|net|org))?$/.test(host) || /\.(test|invalid|localhost)$/.test(host)) return true
  return /id0{6,}|\bC0{6,}|example\.callerid/i.test(value)
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}

export interface Env extends Omit<
  RawEnv,
  | 'JWT_SECRET'
  | 'AUTH_DEV'
  | 'LOG_LEVEL'
  | 'RENEWAL_INTERVAL_MINUTES'
  | 'FOF_EXPIRY_INTERVAL_MINUTES'
  | 'PURGE_INTERVAL_MINUTES'
  | 'PAYMENTS_DEV'
  | 'PRESSURE_MAX_WAIT_MS'
  | 'VITALS_SAMPLE_RATE'
  | 'KEY_REDIRECT_HOSTS'
  | 'SUPPORT_EMAIL'
> {
  /** SUPPORT_EMAIL; outside production a placeholder when unset. */
  SUPPORT_EMAIL: string
  /**
   * Who the app's own legal pages name (/legal/{page}): OPERATOR_NAME and OPERATOR_ADDRESS, outside production
   * words saying they are not set. Null only in production with MAIN_SITE_URL, where the main site has the pages.
   */
  operator: { name: string; address: string } | null
  LOG_LEVEL: NonNullable<RawEnv['LOG_LEVEL']>
  RENEWAL_INTERVAL_MINUTES: number
  FOF_EXPIRY_INTERVAL_MINUTES: number
  PURGE_INTERVAL_MINUTES: number
  PRESSURE_MAX_WAIT_MS: number
  VITALS_SAMPLE_RATE: number
  /** Origins outside the app a key link may send the browser to (KEY_REDIRECT_HOSTS); none by default. */
  KEY_REDIRECT_HOSTS: string[]
  JWT_SECRET: string
  AUTH_DEV: boolean
  isProduction: boolean
  providers: {
    telegram: boolean
    whatsapp: boolean
    whatsappBusiness: boolean
    viber: boolean
    sms: boolean
    flashcall: boolean
    dev: boolean
  }
  /** Turnstile when both keys are set; the site key goes to the web page. */
  botCheck: { siteKey: string; secretKey: string; apiBase: string } | null
  payments: {
    dev: boolean
    /** Stripe with its webhook secret, and the price id of each product sold through it. */
    stripe: { secretKey: string; webhookSecret: string; apiBase?: string; prices: Partial<Record<Product, string>> } | null
  }
}

export class EnvError extends Error {}

/** Validates the environment, failing with one readable message per bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const raw = parsed.data
  const isProduction = raw.NODE_ENV === 'production'
  const authDev = raw.AUTH_DEV ?? !isProduction
  if (isProduction && authDev) throw new EnvError('Invalid configuration:\n  AUTH_DEV: development sign-in cannot be on in production')
  if (isProduction && !raw.JWT_SECRET) throw new EnvError('Invalid configuration:\n  JWT_SECRET: required in production')
  // Absolute links (Stripe's success and cancel pages, the billing portal's way back) are never built from a request's Host.
  if (isProduction && !raw.PUBLIC_URL) {
    throw new EnvError(
      'Invalid configuration:\n  PUBLIC_URL: required in production: the address users reach this server at, e.g. https://callerid.example',
    )
  }
  const paymentsDev = raw.PAYMENTS_DEV ?? !isProduction
  if (isProduction && paymentsDev)
    throw new EnvError('Invalid configuration:\n  PAYMENTS_DEV: development payments cannot be on in production')
  if (Boolean(raw.STRIPE_SECRET_KEY) !== Boolean(raw.STRIPE_WEBHOOK_SECRET)) {
    throw new EnvError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both, or neither')
  }
  if (Boolean(raw.TURNSTILE_SITE_KEY) !== Boolean(raw.TURNSTILE_SECRET_KEY)) {
    throw new EnvError('Invalid configuration:\n  TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together: set both, or neither')
  }
  // The support address, the operator and the store links are the public face of a deployment: no example values (issue 33).
  if (isProduction) {
    if (!raw.SUPPORT_EMAIL) {
      throw new EnvError(
        'Invalid configuration:\n  SUPPORT_EMAIL: required in production: the support mailbox shown in the footer and on the legal pages, e.g. support@yourcompany.com',
      )
    }
    const placeholders = (['SUPPORT_EMAIL', 'MAIN_SITE_URL', 'GOOGLE_PLAY_URL', 'APP_STORE_URL', 'APPGALLERY_URL'] as const).filter(
      (name) => raw[name] && isPlaceholder(raw[name]),
    )
    if (placeholders.length) {
      throw new EnvError(
        `Invalid configuration:\n${placeholders.map((name) => `  ${name}: ${raw[name]} is a placeholder (an example domain or a store id of zeros); set the real one, or leave the store links unset to hide their badges`).join('\n')}`,
      )
    }
    if (!(raw.OPERATOR_NAME && raw.OPERATOR_ADDRESS) && !raw.MAIN_SITE_URL) {
      throw new EnvError(
        'Invalid configuration:\n  OPERATOR_NAME and OPERATOR_ADDRESS, or MAIN_SITE_URL: required in production: the legal pages (terms, privacy, cookies, purchase policy, contacts) name who runs the service; set both for the pages the app serves at /legal/…, or MAIN_SITE_URL for a site that has them',
      )
    }
  }
  const operator =
    raw.OPERATOR_NAME && raw.OPERATOR_ADDRESS
      ? { name: raw.OPERATOR_NAME, address: raw.OPERATOR_ADDRESS }
      : isProduction
        ? null
        : {
            name: raw.OPERATOR_NAME ?? 'The operator of this service (OPERATOR_NAME is not set)',
            address: raw.OPERATOR_ADDRESS ?? 'OPERATOR_ADDRESS is not set',
          }
  const rawVars = raw as Record<string, unknown>
  const prices = Object.fromEntries(
    PRODUCTS.flatMap((p) => (rawVars[stripePriceVar(p)] ? [[p, rawVars[stripePriceVar(p)] as string]] : [])),
  )
  const jwtSecret = raw.JWT_SECRET ?? developmentJwtSecret(raw.DATA_DIR)
  return {
    ...raw,
    JWT_SECRET: jwtSecret,
    AUTH_DEV: authDev,
    // Request logs are for production; a developer's terminal shows warnings only.
    LOG_LEVEL: raw.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
    // Tests drive renewals themselves; a timer there would change data under them.
    RENEWAL_INTERVAL_MINUTES: raw.RENEWAL_INTERVAL_MINUTES ?? (raw.NODE_ENV === 'test' ? 0 : 15),
    FOF_EXPIRY_INTERVAL_MINUTES: raw.FOF_EXPIRY_INTERVAL_MINUTES ?? (raw.NODE_ENV === 'test' ? 0 : 60),
    PURGE_INTERVAL_MINUTES: raw.PURGE_INTERVAL_MINUTES ?? (raw.NODE_ENV === 'test' ? 0 : 60),
    // Tests run many requests at once on a busy machine; they turn shedding on where they test it.
    PRESSURE_MAX_WAIT_MS: raw.PRESSURE_MAX_WAIT_MS ?? (raw.NODE_ENV === 'test' ? 0 : PRESSURE_DEFAULTS.maxWaitMs),
    // Browser tests would each send reports at random; the one that tests them turns them on.
    VITALS_SAMPLE_RATE: raw.VITALS_SAMPLE_RATE ?? (raw.NODE_ENV === 'test' ? 0 : 0.1),
    KEY_REDIRECT_HOSTS: raw.KEY_REDIRECT_HOSTS ?? [],
    SUPPORT_EMAIL: raw.SUPPORT_EMAIL ?? DEVELOPMENT_SUPPORT_EMAIL,
    operator,
    isProduction,
    providers: {
      telegram: Boolean(raw.TELEGRAM_BOT_TOKEN && raw.TELEGRAM_BOT_USERNAME && raw.TELEGRAM_WEBHOOK_SECRET),
      whatsapp: Boolean(raw.WHATSAPP_APP_SECRET && raw.WHATSAPP_NUMBER && raw.WHATSAPP_PHONE_NUMBER_ID),
      whatsappBusiness: Boolean(raw.WHATSAPP_BUSINESS_APP_SECRET && raw.WHATSAPP_BUSINESS_NUMBER && raw.WHATSAPP_BUSINESS_PHONE_NUMBER_ID),
      viber: Boolean(raw.VIBER_AUTH_TOKEN && raw.VIBER_BOT_URI),
      sms: Boolean(raw.TWILIO_AUTH_TOKEN && raw.TWILIO_NUMBER),
      flashcall: Boolean(raw.TWILIO_AUTH_TOKEN && raw.TWILIO_VOICE_NUMBER),
      dev: authDev,
    },
    botCheck:
      raw.TURNSTILE_SITE_KEY && raw.TURNSTILE_SECRET_KEY
        ? { siteKey: raw.TURNSTILE_SITE_KEY, secretKey: raw.TURNSTILE_SECRET_KEY, apiBase: raw.TURNSTILE_API_BASE }
        : null,
    payments: {
      dev: paymentsDev,
      stripe:
        raw.STRIPE_SECRET_KEY && raw.STRIPE_WEBHOOK_SECRET
          ? { secretKey: raw.STRIPE_SECRET_KEY, webhookSecret: raw.STRIPE_WEBHOOK_SECRET, apiBase: raw.STRIPE_API_BASE, prices }
          : null,
    },
  }
}

/** Outside production a secret is generated once and kept beside the data. */
function developmentJwtSecret(dataDir: string | null): string {
  if (!dataDir) return crypto.randomBytes(32).toString('hex')
  const file = path.join(dataDir, 'jwt-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}
