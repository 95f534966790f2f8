/**
 * The frame's templates (ADR 0051): the web app's own components, rendered once when the web app
 * is built (src/app/server-frame/frame.tsx, through server/web-build.ts renderFrame), with marks
 * where each request puts its texts and values. The build writes them into index.html, inside
 * `#root` as `<!--app-frame:…-->`; the server reads them from there and fills them per request.
 *
 * Marks are characters of Unicode's private use area, which React writes as they are:
 * - a text: \uE000 its key (`login.title`), then \uE001 and its arguments as JSON when it has some, \uE002;
 * - a value of the request (text, escaped where it goes): \uE003 name \uE004;
 * - a slot (markup): \uE005 name \uE006.
 */

const TEXT_OPEN = '\uE000'
const TEXT_ARGS = '\uE001'
const TEXT_CLOSE = '\uE002'
const value = (name: string) => `\uE003${name}\uE004`
const slot = (name: string) => `\uE005${name}\uE006`
const MARK = /\uE000([^\uE001\uE002]*)(?:\uE001([^\uE002]*))?\uE002|\uE003(\w+)\uE004|\uE005(\w+)\uE006/g
const VALUE_MARK = /\uE003(\w+)\uE004/g

/** Translation functions whose every text is its mark (typesafe-i18n's `LL`, at any depth). */
function markedTexts(path: string[] = []): unknown {
  const mark = (args?: unknown) => TEXT_OPEN + path.join('.') + (args === undefined ? '' : TEXT_ARGS + JSON.stringify(args)) + TEXT_CLOSE
  return new Proxy(mark, { get: (_, key) => (typeof key === 'string' ? markedTexts([...path, key]) : undefined) })
}

/** The stand-ins the frame is rendered with (src/app/server-frame/frame.tsx FramePlaceholders). */
export function placeholders() {
  return { LL: markedTexts(), value, slot }
}

export interface FramePage {
  title: string | null
  body: string
}

/** What the build renders (src/app/server-frame/frame.tsx FrameTemplates). */
export interface FrameTemplates {
  shell: string
  pages: Record<string, FramePage>
  number: FramePage
  other: FramePage
  signInMethods: Record<string, string>
  noSignInMethods: string
}

const FRAME_IN_HTML = /<!--app-frame:([\w-]+)-->/

/** The templates as the build writes them into index.html's `#root`. */
export const frameComment = (templates: FrameTemplates) =>
  `<!--app-frame:${Buffer.from(JSON.stringify(templates)).toString('base64url')}-->`

/** The page's html without its templates, and the templates (null when the build wrote none). */
export function readFrame(indexHtml: string): { html: string; templates: FrameTemplates | null } {
  const found = FRAME_IN_HTML.exec(indexHtml)
  if (!found) return { html: indexHtml, templates: null }
  return {
    html: indexHtml.replace(found[0], ''),
    templates: JSON.parse(Buffer.from(found[1], 'base64url').toString('utf8')) as FrameTemplates,
  }
}

type Part = string | { text: string; args: Record<string, string> | undefined } | { value: string } | { slot: string }
export type Template = Part[]

/** What React escaped in a text mark's arguments (they are JSON in the page's text). */
const unescapeHtml = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[e]!)

/** A template taken apart at its marks, once. */
export function compile(template: string): Template {
  const parts: Part[] = []
  let last = 0
  for (const m of template.matchAll(MARK)) {
    if (m.index > last) parts.push(template.slice(last, m.index))
    if (m[1] !== undefined)
      parts.push({ text: m[1], args: m[2] === undefined ? undefined : (JSON.parse(unescapeHtml(m[2])) as Record<string, string>) })
    else if (m[3] !== undefined) parts.push({ value: m[3] })
    else parts.push({ slot: m[4] })
    last = m.index + m[0].length
  }
  if (last < template.length) parts.push(template.slice(last))
  return parts
}

export interface Fill {
  /** A text by its key (`login.title`), with its arguments. */
  text(key: string, args: Record<string, string> | undefined): string
  values: Record<string, string>
  slots: Record<string, string>
  /** Markup: texts and values escaped. Plain text (a title): as they are. */
  escape: (text: string) => string
}

/** The template with this request's texts, values and slots. */
export function fill(template: Template, f: Fill): string {
  let out = ''
  for (const part of template) {
    if (typeof part === 'string') out += part
    else if ('text' in part) {
      // An argument may hold a value of the request (a number, as shown).
      const args =
        part.args &&
        Object.fromEntries(Object.entries(part.args).map(([k, v]) => [k, v.replace(VALUE_MARK, (_, name: string) => f.values[name] ?? '')]))
      out += f.escape(f.text(part.text, args))
    } else if ('value' in part) out += f.escape(f.values[part.value] ?? '')
    else out += f.slots[part.slot] ?? ''
  }
  return out
}
