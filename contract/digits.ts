/**
 * Keeps digits only, as the search box does, reading the digits of every script as 0–9:
 * a phone's keyboard in Arabic, Persian, Hindi or Thai types its own digits (٠١٦٣, ۰۹۱۲,
 * ०१२, ๐๘๑), and a Japanese one full-width ones (０３). No dependencies: safe for the
 * first page load.
 */
export function digitsOnly(input: string): string {
  return asciiDigits(input).replace(/\D+/g, '')
}

/** `input` with every decimal digit (Unicode category Nd) written as its ASCII digit. */
export function asciiDigits(input: string): string {
  return /\P{ASCII}/u.test(input) ? input.replace(/\p{Nd}/gu, digitValue) : input
}

/**
 * Unicode lays each script's digits out as runs of ten code points from its zero (the
 * mathematical digits as five such runs in a row), so a digit's value is its distance
 * from the start of its run, modulo ten.
 */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0)!
  let start = code
  while (ND.test(String.fromCodePoint(start - 1))) start--
  return String((code - start) % 10)
}

const ND = /^\p{Nd}$/u
