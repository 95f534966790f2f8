/**
 * Build step (vite.config.ts): writes `route-scripts.json` beside index.html, the files each
 * route's code needs with every static import under them, and those of the modules every page
 * loads as it starts, for the server to preload with the page (ADR 0046,
 * server/modules/web-shell/route-scripts.ts).
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import type { RouteScripts } from '../server/modules/web-shell/route-scripts'

/** The part of a built chunk this step reads (rolldown's OutputChunk). */
export interface BuiltChunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  dynamicImports: string[]
  moduleIds: string[]
}

/** A route of the virtual route table (src/routes.ts, @tanstack/virtual-file-routes). */
export interface RouteNode {
  type: string
  file?: string
  path?: string
  children?: RouteNode[]
}

/** Every route file with its path pattern, nested paths joined. */
export function routeFiles(node: RouteNode, parent = ''): Array<{ path: string; file: string }> {
  const own = node.type === 'index' ? parent || '/' : node.type === 'route' ? `${parent.replace(/\/$/, '')}${node.path ?? ''}` : parent
  const here = node.file && node.type !== 'root' ? [{ path: own || '/', file: node.file }] : []
  return [...here, ...(node.children ?? []).flatMap((child) => routeFiles(child, own))]
}

const moduleFile = (id: string) => id.split('?')[0].split(path.sep).join('/')

/**
 * The lists of route-scripts.json from a build's chunks: for each route, the chunks its file was
 * split into (TanStack's `?tsr-split=` loader and component) and everything they import statically,
 * and for `startModules` (files the entry imports dynamically as it starts) the same; the entry
 * itself, which the page names already, is left out. Paths as the server serves them (`/assets/…`).
 */
export function routeScriptLists(
  chunks: BuiltChunk[],
  routes: Array<{ path: string; file: string }>,
  dirs: { routes: string; locales: string },
  startModules: string[],
  base = '/',
): RouteScripts {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName))
  const closure = (roots: BuiltChunk[]): string[] => {
    const seen = new Set<string>()
    const walk = (c: BuiltChunk) => {
      if (seen.has(c.fileName) || entries.has(c.fileName)) return
      seen.add(c.fileName)
      for (const i of c.imports) {
        const next = byFile.get(i)
        if (next) walk(next)
      }
    }
    roots.forEach(walk)
    return [...seen].map((f) => base + f)
  }
  const facade = (c: BuiltChunk) => (c.facadeModuleId ? moduleFile(c.facadeModuleId) : null)
  const dir = moduleFile(dirs.routes).replace(/\/$/, '')
  const localeFile = new RegExp(`^${moduleFile(dirs.locales).replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([^/]+)/index\\.ts$`)
  const start = startModules.map((m) => {
    const file = moduleFile(m)
    // A module others import too is in a shared chunk, which has no facade: found by what it holds.
    const chunk = chunks.find((c) => c.moduleIds.some((id) => moduleFile(id) === file))
    const entry = chunks.find((c) => c.isEntry)
    if (!chunk || !entry?.dynamicImports.includes(chunk.fileName)) throw new Error(`route-scripts: ${m} is not a chunk the entry imports as it starts`)
    return chunk
  })
  const locales: Record<string, string[]> = {}
  for (const c of chunks) {
    const locale = localeFile.exec(facade(c) ?? '')?.[1]
    if (locale) locales[locale] = closure([c])
  }
  return {
    start: closure(start),
    locales,
    routes: routes.map((r) => ({
      path: r.path,
      // The loader first: the page's data request leaves from it (ADR 0045).
      scripts: closure(
        chunks
          .filter((c) => facade(c) === `${dir}/${r.file}` && c.facadeModuleId !== null && c.facadeModuleId.includes('?tsr-split='))
          .sort((a, b) => Number(!a.facadeModuleId!.includes('tsr-split=loader')) - Number(!b.facadeModuleId!.includes('tsr-split=loader'))),
      ),
    })),
  }
}

/** The vite plugin: emits route-scripts.json from the production bundle. */
export function routeScriptsPlugin(options: { routes: RouteNode; routesDir: string; localesDir: string; startModules: string[] }): Plugin {
  let base = '/'
  return {
    name: 'route-scripts',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & BuiltChunk => o.type === 'chunk')
      const table = routeScriptLists(chunks, routeFiles(options.routes), { routes: options.routesDir, locales: options.localesDir }, options.startModules, base)
      this.emitFile({ type: 'asset', fileName: 'route-scripts.json', source: JSON.stringify(table) })
    },
  }
}
