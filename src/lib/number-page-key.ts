/**
 * The SWR keys of number pages (`['number', query, locale]`, profile pages too): after
 * a change on a number, every cached page of it is revalidated through this test.
 */
export const isNumberPageKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'number'
