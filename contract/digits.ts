/** Keeps digits only, as the search box does. No dependencies: safe for the first page load. */
export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, '')
}
