/**
 * What `import … from 'zod'` means in the browser build (vite.config.ts aliases it
 * here): zod switched to jitless before any schema exists. An object schema probes
 * for `new Function` when it is created, and the page's Content Security Policy
 * reports that probe as a violation even though zod catches it; contract modules
 * create their schemas as they load, before any later `z.config` could run.
 */
import { config } from 'zod/v4/core'

config({ jitless: true })

export * from 'zod/v4'
export { default } from 'zod/v4'
