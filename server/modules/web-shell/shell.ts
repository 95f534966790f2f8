import { createHash } from 'node:crypto'
import type { AuthMethodInfo } from '../../../contract/api/auth'
import { RTL_LANGUAGES, type SupportedLocale } from '../../../contract/constants'
import { digitsOnly } from '../../../contract/digits'
import { detectLocale, isRtlLocale, pathLocale } from '../../../contract/locale'
import { STORAGE_KEYS } from '../../../contract/storage-keys'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import { signInMethodHow, signInMethodName } from '../../../i18n/sign-in-methods'

/**
 * The page the server sends before any script runs (issue 13, ADR 0030): the web app's
 * frame (header, main) with the page's heading and a skeleton, in the user's language,
 * direction and theme, so the first paint waits for no JavaScript. The web app replaces
 * it when it starts (src/main.tsx); nothing in it needs the user or the database.
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
  "requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()"

/** The CSP source that allows SHELL_SCRIPT and nothing else inline. */
export const shellScriptHash = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Isolates a left-to-right value inside translated text, as the web app's ltr() does. */
const ltr = (text: string) => `\u2066${text}\u2069`

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
  /** The document's <title>. */
  title: string
  /** What goes inside <div id="root">. */
  body: string
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
}

type Skeleton = 'login' | 'search' | 'number' | 'page'

const bar = (width: string, height = 'h-4') => `<div class="${height} ${width} rounded-lg bg-surface-2"></div>`
const SKELETONS: Record<Exclude<Skeleton, 'login' | 'number'>, string> = {
  search: `${bar('w-full', 'h-12')}<div class="grid gap-4 wide:grid-cols-2">${bar('w-full', 'h-32')}${bar('w-full', 'h-32')}</div>`,
  page: `<div class="flex flex-col gap-3">${bar('w-2/3')}${bar('w-full', 'h-24')}</div>`,
}

/** A text in the page's language, English where that language has none. */
type Text = (f: (L: TranslationFunctions) => string) => string

const CARD = 'rounded-2xl border border-border bg-surface p-5 shadow-sm'
const card = (classes: string, inner: string) => `<div class="${CARD} ${classes}">${inner}</div>`
const h2 = (text: string) => `<h2 class="text-lg font-semibold">${escapeHtml(text)}</h2>`
const small = (classes: string, text: string) => `<p class="text-sm ${classes}">${escapeHtml(text)}</p>`
/** A form's label, field and button, as shapes (the app's own form takes over). */
const formShape = (label: string) => `<p class="text-sm font-medium">${escapeHtml(label)}</p>${bar('w-full', 'h-11')}${bar('w-48', 'h-11')}`

/**
 * The number's page as the app first draws it (app/number/number-page.tsx and the number card,
 * features/number/components/number-card.tsx): the search box, then the number's card with the
 * number as large as the card shows it and the labels of what the card will say. Drawn in the
 * first paint, its text is laid out before any script, not in the task that renders the card.
 */
function numberSkeleton(t: Text, shown: string): string {
  const fact = (label: string) => `<div><p class="text-muted">${escapeHtml(label)}</p>${bar('w-2/3', 'h-5')}</div>`
  return (
    bar('w-full', 'h-14') +
    card(
      'flex flex-col gap-4 wide:col-span-2',
      `<div class="flex flex-col gap-1"><p class="text-3xl font-bold tracking-tight"><span dir="ltr" class="[unicode-bidi:isolate]">${escapeHtml(shown)}</span></p>${bar('w-1/3', 'h-7')}</div>` +
        `<div class="grid grid-cols-2 gap-3 text-sm">${fact(t((L) => L.number.region()))}${fact(t((L) => L.number.carrier()))}</div>` +
        bar('w-full', 'h-24'),
    )
  )
}

/**
 * The sign-in page as the app first draws it (features/auth/components/login-screen.tsx),
 * before it has a code: the code's card and a card per sign-in method with what to do. The
 * method texts are the page's largest text, so they are painted here, not after the app has
 * loaded and asked for a code (Largest Contentful Paint).
 */
function loginSkeleton(t: Text, methods: AuthMethodInfo[]): string {
  const codeCard = card(
    'flex flex-col items-center gap-3 text-center',
    `<p class="text-sm font-medium text-muted">${escapeHtml(t((L) => L.login.yourCode()))}</p>${bar('w-40', 'h-10')}<p class="text-sm text-muted" aria-hidden="true">&nbsp;</p>` +
      `<p class="text-xs text-muted">${escapeHtml(t((L) => L.login.terms()))} <span class="text-primary underline">${escapeHtml(t((L) => L.login.termsLink()))}</span></p>`,
  )
  const cards = methods.map((m) => {
    const name = (L: TranslationFunctions) => signInMethodName(L, m.method)
    // No code yet: the SMS text is a placeholder until the app has one.
    const text = (L: TranslationFunctions) => signInMethodHow(L, m.method, { text: ltr('…'), number: ltr(m.number ?? '') })
    if (m.method === 'dev') return card('border-dashed border-warning', `<div class="flex flex-col gap-3">${h2(t(name))}${small('text-warning', t(text))}${formShape(t((L) => L.login.devPhone()))}</div>`)
    if (m.method === 'flashcall') return card('flex flex-col gap-3', `${h2(t(name))}${small('text-muted', t(text))}${formShape(t((L) => L.login.flashcallPhone()))}`)
    // The room of the link and its QR code (features/auth/components/login-screen.tsx MessengerMethod).
    const linkRoom = `<div class="flex items-center gap-4" aria-hidden="true">${bar('w-40', 'h-11')}<div class="h-[100px] w-[100px] rounded-lg bg-surface-2"></div></div>`
    return card('flex flex-col gap-4 wide:flex-row wide:items-center', `<div class="flex-1">${h2(t(name))}${small('text-muted', t(text))}</div>${linkRoom}`)
  })
  const list = cards.length ? cards.join('') : `<p>${escapeHtml(t((L) => L.login.noMethods()))}</p>`
  return `<div class="grid gap-6 wide:grid-cols-[minmax(0,20rem)_1fr]">${codeCard}<div class="flex flex-col gap-4">${list}</div></div>`
}

/** A paragraph under the heading, with the classes the app's page gives it. */
interface Intro {
  text: string
  className: string
}

interface PageFrame {
  heading: string | null
  intro: Intro[]
  title: string
  skeleton: Skeleton
  /** What the app shows beside the heading, as a link that works before any script (Page's actions). */
  action?: { href: string; text: string }
  shown?: string
  head?: string
}

/** A link drawn as the app's secondary button (src/components/ui/button-variants.ts, size md). */
const SECONDARY_BUTTON =
  'inline-flex items-center justify-center gap-2 font-medium whitespace-nowrap h-11 px-4 text-base rounded-xl bg-surface-2 text-fg'

/** Pages whose heading needs nothing but the language: the heading and paragraphs each page's component draws first. */
const STATIC_PAGES: Record<string, (t: Text) => Omit<PageFrame, 'skeleton'> & { skeleton?: Skeleton }> = {
  '/login': (t) => ({ heading: t((L) => L.login.title()), intro: [{ text: t((L) => L.login.intro()), className: 'max-w-2xl text-muted' }], title: t((L) => L.login.title()), skeleton: 'login' }),
  '/search': (t) => ({
    heading: t((L) => L.search.heroTitle()),
    intro: [{ text: t((L) => L.search.heroText()), className: '-mt-3 max-w-2xl text-muted' }],
    title: t((L) => L.search.title()),
    skeleton: 'search',
  }),
  // features/settings/settings-page.tsx: the panel always opens on its main list.
  '/settings': (t) => ({ heading: t((L) => L.settings.title()), intro: [], title: t((L) => L.settings.title()), action: { href: '/', text: t((L) => L.settings.closeSettings()) } }),
  '/moderation': (t) => ({ heading: t((L) => L.moderation.title()), intro: [], title: t((L) => L.moderation.title()) }),
  // features/paywall/components/paywall-page.tsx
  '/paywall': (t) => ({
    heading: t((L) => L.paywall.title()),
    intro: [{ text: t((L) => L.paywall.intro()), className: '-mt-3 text-muted' }],
    title: t((L) => L.paywall.title()),
    action: { href: '/paywall/numcy', text: t((L) => L.paywall.toCoins()) },
  }),
  '/paywall/numcy': (t) => ({
    heading: t((L) => L.paywall.numcyTitle()),
    intro: [{ text: t((L) => L.paywall.numcyIntro()), className: '-mt-3 text-muted' }],
    title: t((L) => L.paywall.numcyTitle()),
    action: { href: '/paywall?tab=tier1', text: t((L) => L.paywall.toPlans()) },
  }),
  '/not-authorized': (t) => ({
    heading: t((L) => L.notAuthorized.title()),
    intro: [
      { text: t((L) => L.notAuthorized.text()), className: 'text-muted' },
      { text: t((L) => L.notAuthorized.reloadText()), className: 'text-muted' },
    ],
    title: t((L) => L.notAuthorized.title()),
  }),
  '/number/my': (t) => ({ heading: t((L) => L.number.myTitle()), intro: [], title: t((L) => L.number.myTitle()) }),
  // app/number/number-not-found.tsx, for a number that is not one and for an empty search.
  '/number/not-found': (t) => ({
    heading: t((L) => L.number.notFoundTitle()),
    intro: [{ text: t((L) => L.number.notFoundText()), className: 'text-muted' }],
    title: t((L) => L.number.notFoundTitle()),
  }),
}
STATIC_PAGES['/'] = STATIC_PAGES['/search']
STATIC_PAGES['/number/empty'] = STATIC_PAGES['/number/not-found']

/** The heading, the paragraphs under it and the skeleton of a path; the web app's own routes decide what really shows. */
function pageOf(path: string, t: Text, formatNumber: ShellRequest['formatNumber']): PageFrame {
  const known = STATIC_PAGES[path.length > 1 ? path.replace(/\/+$/, '') : path]
  if (known) return { skeleton: 'page', ...known(t) }
  const number = /^\/number\/([^/]+)$/.exec(path)
  if (number) {
    let digits = ''
    try {
      digits = digitsOnly(decodeURIComponent(number[1]))
    } catch {
      /* a malformed escape: no number */
    }
    const formatted = digits.length > 1 ? formatNumber(digits) : null
    if (formatted?.international) {
      const shown = formatted.international
      const heading = t((L) => L.number.pageTitle({ number: ltr(shown) }))
      const head = `<meta name="page-number" content="${digits}" data-international="${escapeHtml(shown)}" data-typing="${escapeHtml(formatted.typing)}">`
      return { heading, intro: [], title: heading, skeleton: 'number', shown, head }
    }
  }
  return { heading: null, intro: [], title: t((L) => L.app.name()), skeleton: 'page' }
}

export function renderShell(request: ShellRequest): Shell {
  const named = pathLocale(request.path)
  const path = named?.rest ?? request.path
  const locale = named?.locale ?? detectLocale(request.cookies[SHELL_COOKIES.locale], acceptedLanguages(request.acceptLanguage))
  const dir = isRtlLocale(locale) ? 'rtl' : 'ltr'
  const themeParam = request.themeParam === 'dark' || request.themeParam === 'light' ? request.themeParam : null
  const dark = (themeParam ?? request.cookies[SHELL_COOKIES.theme]) === 'dark'
  const { LL, en } = translations(locale)
  const t: Text = (f) => f(LL) || f(en)
  const page = pageOf(path, t, request.formatNumber)
  const appName = t((L) => L.app.name())
  const heading = page.heading
    ? `<div class="flex flex-wrap items-center justify-between gap-3"><h1 id="page-title" class="text-2xl font-bold tracking-tight text-fg wide:text-3xl">${escapeHtml(page.heading)}</h1>${
        page.action ? `<a href="${page.action.href}" class="${SECONDARY_BUTTON}">${escapeHtml(page.action.text)}</a>` : ''
      }</div>`
    : ''
  const intro = page.intro.map((p) => `<p class="${p.className}">${escapeHtml(p.text)}</p>`).join('')
  const body =
    `<div class="flex min-h-dvh flex-col" data-shell="">` +
    `<a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-2">${escapeHtml(t((L) => L.app.skipToContent()))}</a>` +
    `<header class="sticky top-0 z-20 border-b border-border bg-surface/90 backdrop-blur">` +
    `<nav aria-label="${escapeHtml(appName)}" class="mx-auto flex h-16 max-w-5xl items-center gap-1 px-4">` +
    `<a href="/search" aria-label="${escapeHtml(t((L) => L.header.home()))}" class="flex items-center gap-2 rounded-xl pe-2 font-semibold text-fg">` +
    `<img src="/favicon.svg" alt="" width="32" height="32" class="h-8 w-8"><span class="mobile:hidden">${escapeHtml(appName)}</span></a>` +
    `</nav></header>` +
    `<main id="main" tabindex="-1" class="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-5xl flex-1 px-4 py-6">` +
    `<section ${page.heading ? 'aria-labelledby="page-title" ' : ''}aria-busy="true" class="flex flex-col gap-6">${heading}${intro}` +
    `<div role="status" class="flex flex-col gap-6"><span class="sr-only">${escapeHtml(t((L) => L.app.loading()))}</span>${
      page.skeleton === 'login' ? loginSkeleton(t, request.signInMethods ?? []) : page.skeleton === 'number' ? numberSkeleton(t, page.shown!) : SKELETONS[page.skeleton]
    }</div>` +
    `</section></main></div>`
  const bodyClass = [dark ? 'dark' : '', dir, path.startsWith('/settings') ? '' : 'skyblue'].filter(Boolean).join(' ')
  return { locale, dir, dark, title: page.title === appName ? appName : `${page.title} · ${appName}`, body, bodyClass, head: page.head ?? '', pathLocale: named !== null, themeParam }
}

/**
 * The built index.html with the shell filled in: <html> attributes, the title, the page's number
 * (a meta tag), the body's classes, the theme script, and the frame inside #root.
 */
export function fillIndexHtml(indexHtml: string, shell: Shell): string {
  return indexHtml
    .replace(/<html[^>]*>/, `<html lang="${shell.locale}" dir="${shell.dir}"${shell.pathLocale ? ' data-path-locale=""' : ''}${shell.themeParam ? ` data-theme-param="${shell.themeParam}"` : ''}${shell.dark ? ' class="dark" style="color-scheme: dark"' : ''}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(shell.title)}</title>`)
    .replace('</head>', `${shell.head}</head>`)
    .replace(/<body[^>]*>/, `<body class="${shell.bodyClass}"><script>${SHELL_SCRIPT}</script>`)
    .replace('<div id="root"></div>', `<div id="root">${shell.body}</div>`)
}
