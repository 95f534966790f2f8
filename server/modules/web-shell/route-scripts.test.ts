import { describe, expect, it } from 'vitest'
import { type RouteScripts, scriptsForPath, withRouteScripts } from './route-scripts'

const table: RouteScripts = {
  start: ['/assets/api.js', '/assets/warm-up.js'],
  locales: { en: ['/assets/en.js'], 'ar-sa': ['/assets/ar-sa.js'] },
  routes: [
    { path: '/', scripts: [] },
    { path: '/search', scripts: ['/assets/search.js', '/assets/phone.js', '/assets/api.js'] },
    { path: '/number/my', scripts: ['/assets/number-my.js'] },
    { path: '/number/$phoneNumber', scripts: ['/assets/number.js', '/assets/number-page.js'] },
    { path: '/profile/$profileId', scripts: ['/assets/profile.js'] },
    { path: '/$lang', scripts: ['/assets/lang.js'] },
    { path: '/$lang/$', scripts: ['/assets/lang-splat.js'] },
  ],
}

describe('the scripts a page preloads (ADR 0046)', () => {
  it('names the start’s, the translations’ and the route’s files, each once', () => {
    expect(scriptsForPath(table, '/search', 'en')).toEqual(['/assets/api.js', '/assets/warm-up.js', '/assets/en.js', '/assets/search.js', '/assets/phone.js'])
    expect(scriptsForPath(table, '/number/491637875622', 'ar-sa')).toEqual([
      '/assets/api.js',
      '/assets/warm-up.js',
      '/assets/en.js',
      '/assets/ar-sa.js',
      '/assets/number.js',
      '/assets/number-page.js',
    ])
  })

  it('matches as the router does: a literal segment over a parameter, any route over a splat', () => {
    const route = (path: string) => scriptsForPath(table, path, 'en').slice(3)
    expect(route('/number/my')).toEqual(['/assets/number-my.js'])
    expect(route('/number/%2B49%20163')).toEqual(['/assets/number.js', '/assets/number-page.js'])
    expect(route('/number/my/')).toEqual(['/assets/number-my.js'])
    expect(route('/profile/12')).toEqual(['/assets/profile.js'])
    expect(route('/fr')).toEqual(['/assets/lang.js'])
    expect(route('/xx/anything/else')).toEqual(['/assets/lang-splat.js'])
    expect(route('/')).toEqual([])
    // A broken escape is a path segment like any other, never an error.
    expect(route('/number/%E0%A4%A')).toEqual(['/assets/number.js', '/assets/number-page.js'])
  })

  it('an unknown language still gets English, which every page loads', () => {
    expect(scriptsForPath(table, '/', 'zz')).toEqual(['/assets/api.js', '/assets/warm-up.js', '/assets/en.js'])
  })

  it('adds them to the page’s app-scripts after the entry, never twice', () => {
    const html = '<head><meta name="app-scripts" content="/assets/index.js /assets/api.js" /></head>'
    expect(withRouteScripts(html, ['/assets/api.js', '/assets/search.js'])).toBe('<head><meta name="app-scripts" content="/assets/index.js /assets/api.js /assets/search.js" /></head>')
    expect(withRouteScripts('<head></head>', ['/assets/search.js'])).toBe('<head></head>')
  })
})
