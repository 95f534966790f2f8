/**
 * `npm run rtl:check`: the built CSS has nothing left for rtlcss to flip. The web app
 * writes direction with logical properties (ms-, pe-, start-), so a declaration rtlcss
 * would change (margin-left, left, text-align: right, a physical border…) is a bug that
 * shows only in Arabic and Hebrew. Rules scoped to one direction (Tailwind's `rtl:` and
 * `ltr:` variants) are physical on purpose and are left out, and so are two things rtlcss
 * would change that are not layout: an explicit `direction` (phone numbers stay
 * left-to-right inside Arabic text, on purpose) and a rotation (a spinner turns either
 * way). Builds `dist/` if missing.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postcss, { type Declaration, type Node } from 'postcss'
import rtlcss from 'rtlcss'

const DIRECTION_SCOPED = /:dir\(|\[dir=|:lang\(ar\)/

function scopedToDirection(decl: Declaration): boolean {
  for (let node: Node | undefined = decl.parent; node; node = node.parent) {
    if (node.type === 'rule' && DIRECTION_SCOPED.test((node as postcss.Rule).selector)) return true
    if (node.type === 'atrule' && DIRECTION_SCOPED.test((node as postcss.AtRule).params)) return true
  }
  return false
}

const flipper = postcss([rtlcss({ stringMap: [], processUrls: false, autoRename: false })])

/** Every declaration, outside direction-scoped rules, that rtlcss would flip: `selector { prop: value }`. */
export function declarationsToFlip(css: string): string[] {
  const found: string[] = []
  postcss.parse(css).walkDecls((decl) => {
    if (scopedToDirection(decl) || decl.prop === 'direction' || /^rotate\([^)]*\)$/.test(decl.value.trim())) return
    const alone = `a{${decl.prop}:${decl.value}${decl.important ? '!important' : ''}}`
    if (flipper.process(alone, { from: undefined }).css !== alone) {
      const selector = decl.parent?.type === 'rule' ? (decl.parent as postcss.Rule).selector : '(top level)'
      found.push(`${selector} { ${decl.prop}: ${decl.value} }`)
    }
  })
  return found
}

function main() {
  const dist = path.resolve(process.argv[2] ?? 'dist')
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const built = spawnSync(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }
  const files = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'))
  let bad = 0
  for (const file of files) {
    const found = declarationsToFlip(fs.readFileSync(path.join(dist, 'assets', file), 'utf8'))
    for (const line of found) console.error(`${file}: ${line}`)
    bad += found.length
  }
  if (bad) {
    console.error(
      `rtl:check: ${bad} physical declaration(s) would not follow right-to-left; use logical properties (ms-, pe-, start-, text-start).`,
    )
    process.exit(1)
  }
  console.log(`rtl:check: ${files.length} stylesheet(s), nothing left to flip.`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
