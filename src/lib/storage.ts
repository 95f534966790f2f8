/** Local storage keys of SPEC.md section 9 (in contract/: the server's page frame reads two of them as cookies). */
export { STORAGE_KEYS } from '@contract/storage-keys'

/** Storage that never throws: private modes and full quotas degrade to memory-less behaviour. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key)
    } catch {
      return null
    }
  },
  set(key: string, value: string | null | undefined) {
    try {
      if (value === null || value === undefined) window.localStorage.removeItem(key)
      else window.localStorage.setItem(key, value)
    } catch {
      // Nothing to do: the value lives for this page only.
    }
  },
}
