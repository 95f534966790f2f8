/** A translation dictionary as written in i18n/{locale}/index.ts. */
export type Dict = { [key: string]: string | Dict }

/** Every text of a dictionary by its path (`a.b.c`, or with another separator). */
export function flatten(dict: Dict, separator = '.', prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(dict)) {
    const key = prefix ? `${prefix}${separator}${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else for (const [kk, vv] of flatten(v, separator, key)) out.set(kk, vv)
  }
  return out
}
