declare const __APP_VERSION__: string | undefined

/**
 * The web app's version (package.json), written into the bundle at build time by Vite's
 * `define` (vite.config.ts). The server answers 426 to a version it no longer accepts.
 * Unset where the bundle was not built by Vite (unit tests, stories): no header is sent,
 * which the server accepts as it does from scripts.
 */
export const APP_VERSION: string | null = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : null

export const CLIENT_VERSION_HEADER = 'x-client-version'
