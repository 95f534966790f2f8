/**
 * The scripts a page's first load needs besides the app's entry, written by the build
 * (`route-scripts.json`, scripts/route-scripts.ts) and named by the server in the page's
 * `<meta name="app-scripts">`, so the shell's inline script preloads them all at once
 * beside the entry (ADR 0046). Without them the browser found a route's modules one level
 * of imports at a time, after the entry had run: four round trips on the number page.
 */
export interface RouteScripts {
  /** What every page loads as it starts (src/main.tsx: the API client, the warm-up), with their imports. */
  start: string[]
  /** Per language (i18n/<locale>), its translations' files: English's, and the page's language's, come with every page. */
  locales: Record<string, string[]>
  /** Per route of src/routes.ts, its path pattern (TanStack's: `$param`, `$` for the rest) and its code's files. */
  routes: Array<{ path: string; scripts: string[] }>
}

type Segment = { literal: string } | { param: true } | { splat: true }

const parse = (pattern: string): Segment[] =>
  pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s === '$' ? { splat: true as const } : s.startsWith('$') ? { param: true as const } : { literal: s }))

/** How well a pattern matches a path's segments: null when it does not; more literal segments win, a splat loses. */
function score(pattern: Segment[], segments: string[]): number | null {
  let literals = 0
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]
    if ('splat' in p) return literals * 2
    if (i >= segments.length) return null
    if ('literal' in p) {
      if (p.literal !== segments[i]) return null
      literals++
    }
  }
  return pattern.length === segments.length ? literals * 2 + 1 : null
}

/**
 * The files to preload for a path (without its query or language prefix) in a language: the start's,
 * English's and the language's translations (src/lib/i18n.ts loads both), and the route's that matches
 * the path as the router would (a literal segment over a parameter, any route over a splat). A path no
 * route takes gets the rest only. The web app's own router still decides what shows; a file named here
 * that the page does not need is only a wasted request.
 */
export function scriptsForPath(table: RouteScripts, path: string, locale: string): string[] {
  const segments = path.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  let best: { scripts: string[]; score: number } | null = null
  for (const route of table.routes) {
    const s = score(parse(route.path), segments)
    if (s !== null && (best === null || s > best.score)) best = { scripts: route.scripts, score: s }
  }
  const translations = [...(table.locales.en ?? []), ...(table.locales[locale] ?? [])]
  return [...new Set([...table.start, ...translations, ...(best?.scripts ?? [])])]
}

/** The page's `app-scripts` meta with these files after the ones the build named (none twice). */
export function withRouteScripts(indexHtml: string, scripts: string[]): string {
  return indexHtml.replace(/(<meta name="app-scripts" content=")([^"]*)(")/, (_, open: string, content: string, close: string) => {
    const named = content.split(' ').filter(Boolean)
    return open + [...named, ...scripts.filter((s) => !named.includes(s))].join(' ') + close
  })
}
