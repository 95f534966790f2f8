import { describe, expect, it } from 'vitest'
import { textField, textProblem } from './text'

describe('the text policy', () => {
  const comment = textField({ max: 10 })
  const name = textField({ max: 10, kind: 'name' })
  const problem = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    r.success ? null : r.error!.issues[0].message

  it('keeps ordinary text, trimmed and NFC-normalised, with tabs and newlines in free text', () => {
    expect(textField({ max: 50 }).parse('  Spam\tcall\r\nhi ')).toBe('Spam\tcall\nhi')
    // "é" as e + combining acute becomes the single precomposed character.
    expect(comment.parse('Cafe\u0301')).toBe('Caf\u00e9')
  })

  it('refuses lone surrogates, NUL and other C0 controls with a readable reason', () => {
    expect(problem(comment.safeParse('a\ud800b'))).toMatch(/valid Unicode/)
    expect(problem(comment.safeParse('a\udc00'))).toMatch(/valid Unicode/)
    expect(problem(comment.safeParse('a\u0000b'))).toMatch(/NUL/)
    expect(problem(comment.safeParse('bell\u0007'))).toMatch(/control characters/)
    // A well-formed pair (an emoji) is fine.
    expect(comment.parse('ok \ud83d\ude00')).toBe('ok \ud83d\ude00')
  })

  it('counts characters, not UTF-16 units', () => {
    expect(comment.parse('\ud83d\ude00'.repeat(10))).toHaveLength(20)
    expect(problem(comment.safeParse('\ud83d\ude00'.repeat(11)))).toMatch(/at most 10 characters/)
    expect(problem(comment.safeParse('   '))).toMatch(/must not be empty/)
  })

  it('keeps names on one line and free of bidi overrides', () => {
    expect(name.parse(' Anna ')).toBe('Anna')
    expect(problem(name.safeParse('An\nna'))).toMatch(/one line/)
    expect(problem(name.safeParse('evil\u202Egnp.exe'))).toMatch(/bidirectional/)
    expect(problem(name.safeParse('x\u2066y'))).toMatch(/bidirectional/)
    expect(textProblem('\u202Eok', 'text')).toBeNull()
  })
})
