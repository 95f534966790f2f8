import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Marked } from 'marked'
import type { LegalPage } from '../../../contract/legal-pages'

/** The Markdown of the legal pages: texts/{language}/{page}.md, English complete, other languages as translated. */
export const TEXTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'texts')

/** The values a text names as {{operatorName}}, {{operatorAddress}} and {{supportEmail}}. */
export interface LegalValues {
  operatorName: string
  operatorAddress: string
  supportEmail: string
}

export interface LegalDocument {
  page: LegalPage
  /** The language of the text sent: the one asked for, its base language, or `en`. */
  lang: string
  title: string
  html: string
}

const marked = new Marked({ gfm: true, async: false })

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/**
 * The folders to try for a language code, most specific first, English last: `pt-BR` → pt-br, pt, en.
 * Only letters, digits and one hyphen reach the file system.
 */
export function languageCandidates(lang: string | undefined): string[] {
  const code = (lang ?? '').toLowerCase().replace('_', '-')
  const wanted = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(code) ? [code, code.split('-')[0]] : []
  return [...new Set([...wanted, 'en'])]
}

/**
 * Renders the legal pages from their Markdown, once per page and language for the process: the
 * Markdown is rendered with the placeholders in it, then each placeholder is replaced by its value
 * escaped for HTML, so a configured value is text, never markup (an `&` or `<` in an address, a `*`
 * that Markdown would read as emphasis). A link's address carries the placeholder percent-encoded
 * (`mailto:{{supportEmail}}`), which is replaced the same way.
 */
export function createLegalTexts(values: LegalValues, dir = TEXTS_DIR) {
  const cache = new Map<string, LegalDocument>()
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(/\{\{(\w+)\}\}|%7B%7B(\w+)%7D%7D/gi, (whole, plain: string | undefined, encoded: string | undefined) => {
      const name = (plain ?? encoded) as keyof LegalValues
      return Object.hasOwn(values, name) ? escape(values[name]) : whole
    })

  return function legalDocument(page: LegalPage, lang: string | undefined): LegalDocument {
    for (const candidate of languageCandidates(lang)) {
      const key = `${candidate}/${page}`
      const cached = cache.get(key)
      if (cached) return cached
      const file = path.join(dir, candidate, `${page}.md`)
      if (!fs.existsSync(file)) continue
      const markdown = fs.readFileSync(file, 'utf8')
      // The first line is the title (`# Terms of use`); the page shows it as its own heading.
      const [, heading = page, body = markdown] = /^#\s+(.+)\r?\n([\s\S]*)$/.exec(markdown.trimStart()) ?? []
      // The title is shown as text by the app (React escapes it); the body is HTML.
      const doc: LegalDocument = {
        page,
        lang: candidate,
        title: fill(heading.trim(), (v) => v),
        html: fill(marked.parse(body) as string, escapeHtml),
      }
      cache.set(key, doc)
      return doc
    }
    throw new Error(`No legal text ${page} in English: ${path.join(dir, 'en', `${page}.md`)} is missing`)
  }
}
