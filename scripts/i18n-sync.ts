/**
 * Keeps the 21 translations in step with English (i18n/en).
 *
 *   npx tsx scripts/i18n-sync.ts missing <locale>          texts English has and <locale> lacks, as JSON
 *   npx tsx scripts/i18n-sync.ts merge <locale> <file.json> adds translated texts and rewrites the locale file
 *
 * The rewritten file follows English's key order; keys English no longer has are dropped.
 * ru-RU spreads ru and is left alone (translate ru).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import en from '../i18n/en'

type Dict = { [key: string]: string | Dict }
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function missing(base: Dict, have: Dict | undefined): Dict | null {
  const out: Dict = {}
  for (const [key, value] of Object.entries(base)) {
    const own = have?.[key]
    if (typeof value === 'string') {
      if (typeof own !== 'string' || own === '') out[key] = value
    } else {
      const sub = missing(value, typeof own === 'object' ? own : undefined)
      if (sub) out[key] = sub
    }
  }
  return Object.keys(out).length ? out : null
}

/** English's shape, filled from the translation, then from the additions. */
function merge(base: Dict, have: Dict | undefined, add: Dict | undefined): Dict {
  const out: Dict = {}
  for (const [key, value] of Object.entries(base)) {
    const own = add?.[key] ?? have?.[key]
    if (typeof value === 'string') {
      // Only the base locale types its arguments: `{count:number|num}` becomes `{count|num}`, as typesafe-i18n expects.
      if (typeof own === 'string' && own !== '') out[key] = own.replace(/\{(\w+):\w+((?:\|\w+)*)\}/g, '{$1$2}')
    } else {
      const sub = merge(
        value,
        typeof have?.[key] === 'object' ? (have[key] as Dict) : undefined,
        typeof add?.[key] === 'object' ? (add[key] as Dict) : undefined,
      )
      if (Object.keys(sub).length) out[key] = sub
    }
  }
  return out
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
const keyName = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k))

function serialize(dict: Dict, indent = '  '): string {
  const lines = Object.entries(dict).map(
    ([k, v]) => `${indent}${keyName(k)}: ${typeof v === 'string' ? quote(v) : serialize(v, indent + '  ')},`,
  )
  return `{\n${lines.join('\n')}\n${indent.slice(2)}}`
}

async function load(locale: string): Promise<Dict> {
  return (await import(path.join(root, 'i18n', locale, 'index.ts'))).default as Dict
}

const [command, locale, file] = process.argv.slice(2)
if (!locale || locale === 'en' || !fs.existsSync(path.join(root, 'i18n', locale))) {
  console.error('usage: i18n-sync.ts missing|merge <locale> [file.json]')
  process.exit(2)
}
const current = await load(locale)
if (command === 'missing') {
  console.log(JSON.stringify(missing(en as unknown as Dict, current) ?? {}, null, 2))
} else if (command === 'merge' && file) {
  if (locale === 'ru-RU') throw new Error('ru-RU spreads ru: merge into ru')
  const add = JSON.parse(fs.readFileSync(file, 'utf8')) as Dict
  const merged = merge(en as unknown as Dict, current, add)
  const name = locale.replace(/-/g, '_')
  const source = `import type { Translation } from '../i18n-types'\n\nconst ${name} = ${serialize(merged)} satisfies Translation\n\nexport default ${name}\n`
  fs.writeFileSync(path.join(root, 'i18n', locale, 'index.ts'), source)
  const left = missing(en as unknown as Dict, merged)
  console.log(left ? `still missing: ${JSON.stringify(left)}` : `${locale}: complete`)
} else {
  console.error('usage: i18n-sync.ts missing|merge <locale> [file.json]')
  process.exit(2)
}
