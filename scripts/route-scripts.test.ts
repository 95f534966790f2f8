import { describe, expect, it } from 'vitest'
import { type BuiltChunk, routeFiles, routeScriptLists } from './route-scripts'

const chunk = (fileName: string, own: Partial<BuiltChunk> = {}): BuiltChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  ...own,
})

// As rolldown leaves a build of the app: the entry imports the start's modules and the routes lazily;
// TanStack's split chunks of a route import shared chunks, which import others, and the entry.
const chunks = [
  chunk('assets/index.js', { isEntry: true, facadeModuleId: '/app/src/main.tsx', dynamicImports: ['assets/api.js', 'assets/warm-up.js', 'assets/number.js', 'assets/number2.js', 'assets/en.js'] }),
  chunk('assets/api.js', { moduleIds: ['/app/src/lib/api.ts', '/app/src/lib/api-client.ts'], imports: ['assets/index.js'] }),
  chunk('assets/warm-up.js', { facadeModuleId: '/app/src/lib/warm-up.ts', moduleIds: ['/app/src/lib/warm-up.ts'], imports: ['assets/format.js'], dynamicImports: ['assets/cn.js'] }),
  chunk('assets/format.js', { moduleIds: ['/app/src/lib/format.ts'] }),
  chunk('assets/cn.js', { moduleIds: ['/app/src/lib/cn.ts'] }),
  chunk('assets/number.js', { facadeModuleId: '/app/src/routes/number.tsx?tsr-split=component', imports: ['assets/number-page.js', 'assets/index.js'] }),
  chunk('assets/number2.js', { facadeModuleId: '/app/src/routes/number.tsx?tsr-split=loader', imports: ['assets/api.js'] }),
  chunk('assets/number-page.js', { imports: ['assets/cn.js', 'assets/card.js'], dynamicImports: ['assets/comments.js'] }),
  chunk('assets/card.js', { imports: ['assets/cn.js'] }),
  chunk('assets/comments.js', { facadeModuleId: '/app/src/features/comments/card.tsx' }),
  chunk('assets/en.js', { facadeModuleId: '/app/i18n/en/index.ts' }),
  chunk('assets/ar-sa.js', { facadeModuleId: '/app/i18n/ar-sa/index.ts', imports: ['assets/plural.js'] }),
  chunk('assets/plural.js'),
]

describe('route-scripts.json from a build (ADR 0046)', () => {
  it('lists every route file of the route table with its path', () => {
    const table = { type: 'root', file: 'root.tsx', children: [{ type: 'index', file: 'home.tsx' }, { type: 'route', path: '/number/$phoneNumber', file: 'number.tsx' }, { type: 'route', path: '/$lang/$', file: 'lang-splat.tsx' }] }
    expect(routeFiles(table)).toEqual([
      { path: '/', file: 'home.tsx' },
      { path: '/number/$phoneNumber', file: 'number.tsx' },
      { path: '/$lang/$', file: 'lang-splat.tsx' },
    ])
  })

  it('gives a route its split chunks, the loader first, with all they import statically, without the entry or what loads later', () => {
    const lists = routeScriptLists(chunks, [{ path: '/number/$phoneNumber', file: 'number.tsx' }, { path: '/', file: 'home.tsx' }], { routes: '/app/src/routes', locales: '/app/i18n' }, ['/app/src/lib/api.ts', '/app/src/lib/warm-up.ts'])
    expect(lists.routes).toEqual([
      { path: '/number/$phoneNumber', scripts: ['/assets/number2.js', '/assets/api.js', '/assets/number.js', '/assets/number-page.js', '/assets/cn.js', '/assets/card.js'] },
      // A route the entry holds (not split) has nothing to preload.
      { path: '/', scripts: [] },
    ])
    // A shared chunk has no facade; it is found by the module it holds.
    expect(lists.start).toEqual(['/assets/api.js', '/assets/warm-up.js', '/assets/format.js'])
    expect(lists.locales).toEqual({ en: ['/assets/en.js'], 'ar-sa': ['/assets/ar-sa.js', '/assets/plural.js'] })
  })

  it('stops the build when a start module is no longer what the entry loads', () => {
    expect(() => routeScriptLists(chunks, [], { routes: '/app/src/routes', locales: '/app/i18n' }, ['/app/src/lib/format.ts'])).toThrow(/format\.ts is not a chunk the entry imports/)
  })
})
