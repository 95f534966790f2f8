/**
 * What `use-sync-external-store/shim` means in the browser build (vite.config.ts aliases it
 * here): React's own hook. The shim is React 18's stand-in for React 17 and older, which SWR
 * still imports; on React 19 it only hands back `React.useSyncExternalStore`, after bringing
 * its fallback into the first load (ADR 0057).
 */
export { useSyncExternalStore } from 'react'
