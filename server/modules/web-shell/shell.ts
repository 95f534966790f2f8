import { createHash } from 'node:crypto'
import type { AuthMethodInfo } from '../../../contract/api/auth'
import { RTL_LANGUAGES, type SupportedLocale } from '../../../contract/constants'
import { digitsOnly } from '../../../contract/digits'
import { detectLocale, isRtlLocale, pathLocale } from '../../../contract/locale'
import { STORAGE_KEYS } from '../../../contract/storage-keys'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import { compile, fill, readFrame, type FramePage, type Template } from './template'

/**
 * The page the server sends before any script runs (issue 13, ADR 0030): the web app's
 * frame (header, main) with the page's heading and a skeleton, in the user's language,
 * direction and theme, so the first paint waits for no JavaScript. The web app replaces
 * it when it starts (src/main.tsx); nothing in it needs the user or the database.
 * Its markup is the web app's own components, rendered when the web app is built
 * (src/app/server-frame, template.ts, ADR 0051); here each request fills in its texts and values.
 */

/** Cookies the web app writes beside local storage (src/stores/theme.ts), so the server knows them. */
export const SHELL_COOKIES = { locale: STORAGE_KEYS.locale, theme: STORAGE_KEYS.theme } as const

/**
 * Runs first in <body>, before anything paints: the theme (local storage, else the
 * device's; the address's `?theme=` first, <html data-theme-param>), and the direction and
 * language of a locale chosen before the cookie existed, unless the address names the
 * language (`/ar/search`, <html data-path-locale>).
 * Then, once the frame has painted, it loads the app: the entry module and its
 * modulepreloads, which the build names in `<meta name="app-scripts">` (vite.config.ts)
 * rather than in the head, where they would share the network with the stylesheet the
 * first paint waits for. A page that never paints (a background tab) starts the app after 1 s.
 * Allowed by its hash in the Content-Security-Policy (shellScriptHash), never by 'unsafe-inline'.
 */
export const SHELL_SCRIPT =
  `(function(){try{var d=document.documentElement,b=document.body,s=localStorage,t=s.getItem('${STORAGE_KEYS.theme}'),` +
  `q=d.getAttribute('data-theme-param'),k=q?q==='dark':t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches,l=d.hasAttribute('data-path-locale')?null:s.getItem('${STORAGE_KEYS.locale}');` +
  "d.classList.toggle('dark',k);d.style.colorScheme=k?'dark':'light';b.classList.toggle('dark',k);" +
  `if(l){var r=/^(${RTL_LANGUAGES.join('|')})([-_]|$)/i.test(l);d.dir=r?'rtl':'ltr';d.lang=l;b.classList.toggle('rtl',r);b.classList.toggle('ltr',!r)}}catch(e){}` +
  "var m=document.querySelector('meta[name=app-scripts]'),g=0;if(!m)return;" +
  "function go(){if(g++)return;m.content.split(' ').forEach(function(u,i){var e=document.createElement(i?'link':'script');" +
  "e.crossOrigin='';if(i){e.rel='modulepreload';e.href=u}else{e.type='module';e.src=u}document.head.appendChild(e)})}" +
  'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()'

/** The CSP source that allows SHELL_SCRIPT and nothing else inline. */
export const shellScriptHash = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const dictionaries = new Map<string, TranslationFunctions>()
/** The translation functions of a locale, English where it has no text of its own (as the web app falls back). */
function translations(locale: SupportedLocale): { LL: TranslationFunctions; en: TranslationFunctions } {
  const get = (l: SupportedLocale) => {
    let LL = dictionaries.get(l)
    if (!LL) {
      loadLocale(l)
      dictionaries.set(l, (LL = i18nObject(l)))
    }
    return LL
  }
  return { LL: get(locale), en: get('en') }
}

/** Languages of an Accept-Language header, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i }
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag)
}

export interface ShellRequest {
  /** The path without the query. */
  path: string
  cookies: Record<string, string | undefined>
  /** The address's `?theme=` (any page: routes/root.tsx applies it), over the cookie's. */
  themeParam?: string | null
  acceptLanguage?: string
  /**
   * Digits as the web app shows them, with the web app's own metadata: in international format
   * (contract/phone formatInternational) and in the search box (formatTyping).
   */
  formatNumber(digits: string): { international: string; typing: string }
  /** The server's sign-in methods without a code (modules/auth/methods.ts), listed on /login. */
  signInMethods?: AuthMethodInfo[]
}

export interface Shell {
  locale: SupportedLocale
  dir: 'ltr' | 'rtl'
  dark: boolean
  /** The body's classes, as the web app sets them (stores/theme.ts, routes/root.tsx). */
  bodyClass: string
  /**
   * What goes at the end of <head>: on a number's page, the number as the app shows it, so the app's
   * first render needs no phone-number metadata (src/lib/phone-display.ts).
   */
  head: string
  /** The address names the language (`/ar/…`): it wins over the one stored in the browser. */
  pathLocale: boolean
  /** The address's theme (`?theme=dark`), which wins over the stored one; null when it names none. */
  themeParam: 'dark' | 'light' | null
  /** The page's frame: which of the build's templates, and what this request fills into it. */
  frame: { path: string; number: string | null; signInMethods: AuthMethodInfo[]; formatNumber: ShellRequest['formatNumber'] }
  /** A text in the page's language by its key (`login.title`), English where that language has none. */
  text(key: string, args?: Record<string, string>): string
}

/** The number a number page's address names, as the app shows it; null when it names none. */
function numberOf(
  path: string,
  formatNumber: ShellRequest['formatNumber'],
): { digits: string; international: string; typing: string } | null {
  const number = /^\/number\/([^/]+)$/.exec(path)
  if (!number) return null
  let digits = ''
  try {
    digits = digitsOnly(decodeURIComponent(number[1]))
  } catch {
    /* a malformed escape: no number */
  }
  const formatted = digits.length > 1 ? formatNumber(digits) : null
  return formatted?.international ? { digits, ...formatted } : null
}

export function renderShell(request: ShellRequest): Shell {
  const named = pathLocale(request.path)
  const path = named?.rest ?? request.path
  const locale = named?.locale ?? detectLocale(request.cookies[SHELL_COOKIES.locale], acceptedLanguages(request.acceptLanguage))
  const dir = isRtlLocale(locale) ? 'rtl' : 'ltr'
  const themeParam = request.themeParam === 'dark' || request.themeParam === 'light' ? request.themeParam : null
  const dark = (themeParam ?? request.cookies[SHELL_COOKIES.theme]) === 'dark'
  const { LL, en } = translations(locale)
  const lookUp = (L: TranslationFunctions, key: string, args?: Record<string, string>) => {
    const f = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], L)
    return typeof f === 'function' ? String((f as (a?: Record<string, string>) => string)(args)) : ''
  }
  const number = numberOf(path, request.formatNumber)
  const head = number
    ? `<meta name="page-number" content="${number.digits}" data-international="${escapeHtml(number.international)}" data-typing="${escapeHtml(number.typing)}">`
    : ''
  const bodyClass = [dark ? 'dark' : '', dir, path.startsWith('/settings') ? '' : 'skyblue'].filter(Boolean).join(' ')
  return {
    locale,
    dir,
    dark,
    bodyClass,
    head,
    pathLocale: named !== null,
    themeParam,
    frame: { path, number: number?.international ?? null, signInMethods: request.signInMethods ?? [], formatNumber: request.formatNumber },
    text: (key, args) => lookUp(LL, key, args) || lookUp(en, key, args),
  }
}

interface Compiled {
  html: string
  shell: Template
  pages: Map<string, { title: Template | null; body: Template }>
  number: { title: Template | null; body: Template }
  other: { title: Template | null; body: Template }
  signInMethods: Map<string, Template>
  noSignInMethods: Template
}

/** The build's templates of each index.html, taken apart once (a test may serve several). */
const compiled = new Map<string, Compiled | null>()
function templatesOf(indexHtml: string): Compiled | null {
  let found = compiled.get(indexHtml)
  if (found !== undefined) return found
  const { html, templates } = readFrame(indexHtml)
  const page = (p: FramePage) => ({ title: p.title === null ? null : compile(p.title), body: compile(p.body) })
  found = templates && {
    html,
    shell: compile(templates.shell),
    pages: new Map(Object.entries(templates.pages).map(([path, p]) => [path, page(p)])),
    number: page(templates.number),
    other: page(templates.other),
    signInMethods: new Map(Object.entries(templates.signInMethods).map(([method, t]) => [method, compile(t)])),
    noSignInMethods: compile(templates.noSignInMethods),
  }
  if (compiled.size > 8) compiled.clear()
  compiled.set(indexHtml, found)
  return found
}

/** The frame and the document's title, from the build's templates; none without them (an index.html the build did not make). */
function frameOf(indexHtml: string, shell: Shell): { html: string; body: string; title: string } {
  const appName = shell.text('app.name')
  const templates = templatesOf(indexHtml)
  if (!templates) return { html: indexHtml, body: '', title: appName }
  const { path, number, signInMethods, formatNumber } = shell.frame
  const page = templates.pages.get(path.length > 1 ? path.replace(/\/+$/, '') : path) ?? (number ? templates.number : templates.other)
  const sms = signInMethods.find((m) => m.method === 'sms')?.number
  const values = { number: number ?? '', smsNumber: sms ? formatNumber(digitsOnly(sms)).international : '' }
  const markup = (template: Template, slots: Record<string, string> = {}) =>
    fill(template, { text: shell.text, values, slots, escape: escapeHtml })
  const methods = signInMethods.map((m) => templates.signInMethods.get(m.method)).filter((t) => t !== undefined)
  const body = markup(templates.shell, {
    page: markup(page.body, { signInMethods: methods.length ? methods.map((t) => markup(t)).join('') : markup(templates.noSignInMethods) }),
  })
  const title = page.title && fill(page.title, { text: shell.text, values, slots: {}, escape: (text) => text })
  return { html: templates.html, body, title: title ? `${title} · ${appName}` : appName }
}

/**
 * The built index.html with the shell filled in: <html> attributes, the title, the page's number
 * (a meta tag), the body's classes, the theme script, and the frame inside #root.
 */
export function fillIndexHtml(indexHtml: string, shell: Shell): string {
  const { html, body, title } = frameOf(indexHtml, shell)
  return html
    .replace(
      /<html[^>]*>/,
      `<html lang="${shell.locale}" dir="${shell.dir}"${shell.pathLocale ? ' data-path-locale=""' : ''}${shell.themeParam ? ` data-theme-param="${shell.themeParam}"` : ''}${shell.dark ? ' class="dark" style="color-scheme: dark"' : ''}>`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${shell.head}</head>`)
    .replace(/<body[^>]*>/, `<body class="${shell.bodyClass}"><script>${SHELL_SCRIPT}</script>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
}
