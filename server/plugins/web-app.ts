import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { notFoundHandler } from './errors'
import { parse as parseCookies } from 'cookie'
import min from 'libphonenumber-js/metadata.min.json'
import { createPhoneTools } from '../../contract/phone'
import type { Env } from '../env'
import { signInMethods } from '../modules/auth/methods'
import { fillIndexHtml, renderShell } from '../modules/web-shell/shell'

/** The built web app (vite build). */
/** The web app's formatting of numbers (the small metadata set, src/lib/phone.ts), for the page's frame. */
const shownPhone = createPhoneTools(min)

/**
 * The deployment's public face (issue 33): the support address, the main site holding the legal pages when
 * there is one (else the app's own /legal/{page}), and the store pages of the badges that are configured.
 */
export function siteConfig(env: Env) {
  const stores = { googlePlay: env.GOOGLE_PLAY_URL, appStore: env.APP_STORE_URL, appGallery: env.APPGALLERY_URL }
  return {
    supportEmail: env.SUPPORT_EMAIL,
    ...(env.MAIN_SITE_URL ? { mainSiteUrl: env.MAIN_SITE_URL.replace(/\/+$/, '') } : {}),
    storeLinks: Object.fromEntries(Object.entries(stores).filter(([, url]) => url)),
  }
}

export const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist')

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/localeModule/')

/**
 * Serves the built SPA from `webRoot` when it exists, with the run-time config in the
 * page: its files as they are, every other GET (/, deep links, folders) the page.
 * Unknown API paths, and every unknown path without a build, answer the JSON 404.
 */
export const webAppPlugin = fp(
  async (app, opts: { webRoot: string }) => {
    const indexFile = path.join(opts.webRoot, 'index.html')
    if (!fs.existsSync(indexFile)) {
      app.setNotFoundHandler(notFoundHandler)
      return
    }
    const botCheck = app.env.botCheck ? { botCheckSiteKey: app.env.botCheck.siteKey } : {}
    // Left out when 0: the page then reports no real-user metrics (src/lib/vitals.ts).
    const vitals = app.env.VITALS_SAMPLE_RATE > 0 ? { vitalsSampleRate: app.env.VITALS_SAMPLE_RATE } : {}
    // Whether there is an APK to link to: without one the page never asks for its link (which would answer 404).
    const apk = app.env.APK_URL ? { apkAvailable: true } : {}
    // Other sites a key link may send the browser to (KEY_REDIRECT_HOSTS); without them only this app's own addresses.
    const keyRedirect = app.env.KEY_REDIRECT_HOSTS.length ? { keyRedirectOrigins: app.env.KEY_REDIRECT_HOSTS } : {}
    // The sign-in methods without a code: the sign-in page shows them before it has asked for one (issue 13).
    const methods = signInMethods(app.env)
    const config = JSON.stringify({
      signingSecret: app.env.SIGNING_SECRET,
      ...botCheck,
      ...vitals,
      ...apk,
      ...keyRedirect,
      signInMethods: methods,
      ...siteConfig(app.env),
    })
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
    const indexHtml = fs.readFileSync(indexFile, 'utf8').replace('__APP_CONFIG__', () => config)
    // One route per built file; everything else is the SPA.
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      index: false,
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      maxAge: '1h',
      // The build's .br and .gz of each file (vite.config.ts), sent as they are to a client that takes
      // them; @fastify/compress leaves an answer that has its encoding alone (ADR 0040).
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
    app.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url.split('?')[0]) || (request.method !== 'GET' && request.method !== 'HEAD'))
        return notFoundHandler(request, reply)
      // The page's frame in the user's language, direction and theme, painted before any script (modules/web-shell).
      const [path, query = ''] = request.url.split('?', 2)
      const shell = renderShell({
        path,
        // `?theme=dark` (SPEC.md section 2's global search params): the app applies it, so the frame does too.
        themeParam: new URLSearchParams(query).get('theme'),
        cookies: parseCookies(request.headers.cookie ?? ''),
        acceptLanguage: request.headers['accept-language'],
        // As the number page and its search box show it, with the web app's own metadata (src/lib/phone.ts).
        formatNumber: (digits) => ({ international: shownPhone.formatInternational(digits), typing: shownPhone.formatTyping(digits) }),
        signInMethods: methods,
      })
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language')
        .send(fillIndexHtml(indexHtml, shell))
    })
  },
  { name: 'web-app', dependencies: ['core', 'errors'] },
)
