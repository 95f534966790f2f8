/**
 * The one text policy (issue 11) for every request field that takes text:
 * valid Unicode only (no lone UTF-16 surrogates), no NUL or other C0 control
 * characters but tab and newline (a CR LF or lone CR becomes a newline), NFC
 * normalised, trimmed, and lengths counted in characters (code points), not UTF-16
 * units. Names and single-line values take no tab or newline and no bidi override
 * or isolate characters either (they could reorder the text around them). A
 * violation is a validation issue, which the server answers as a 400 naming the field.
 */
import { z } from 'zod'

/** A C0 control character but tab (09) and newline (0A), or DEL (a loop: the lint refuses control characters in a regex). */
export function isControl(code: number, allowLineBreaks = true): boolean {
  if (allowLineBreaks && (code === 9 || code === 10)) return false
  return code < 32 || code === 0x7f
}
const hasControl = (s: string) => {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return true
  return false
}
/** Tab and newline: not in a name or a one-line value. */
const LINE_BREAK = /[\t\n]/
/** LRE, RLE, PDF, LRO, RLO and LRI, RLI, FSI, PDI. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (what String#isWellFormed finds; older browsers lack it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type TextKind = 'text' | 'line' | 'name'

/** The policy's reason to refuse a value, or null when it is acceptable (before trimming and length). */
export function textProblem(value: string, kind: TextKind = 'text'): string | null {
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it holds a lone surrogate)'
  const s = value.replace(/\r\n?/g, '\n')
  if (hasControl(s)) return s.includes('\u0000') ? 'must not contain NUL characters' : 'must not contain control characters'
  if (kind !== 'text' && LINE_BREAK.test(s)) return 'must be one line without tabs'
  if (kind === 'name' && BIDI_CONTROL.test(s)) return 'must not contain bidirectional override characters'
  return null
}

/** The stored form of an acceptable value: line ends unified, NFC, trimmed. */
export function normalizeText(value: string): string {
  return value.replace(/\r\n?/g, '\n').normalize('NFC').trim()
}

/** Length in characters (code points), as a person counts them. */
export const charLength = (s: string) => {
  let n = 0
  for (const _ of s) n++
  return n
}

/**
 * A text field under the policy: `min` and `max` in characters after trimming
 * (min 0 lets an empty value through as ''), `kind` as above.
 */
export function textField({ max, min = 1, kind = 'text' }: { max: number; min?: number; kind?: TextKind }) {
  return z
    .string()
    .max(max * 4 + 64, `must be at most ${max} characters`)
    .transform((value, ctx) => {
      const problem = textProblem(value, kind)
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem })
        return z.NEVER
      }
      const s = normalizeText(value)
      const length = charLength(s)
      if (length < min) {
        ctx.addIssue({ code: 'custom', message: min === 1 ? 'must not be empty' : `must be at least ${min} characters` })
        return z.NEVER
      }
      if (length > max) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` })
        return z.NEVER
      }
      return s
    })
}
