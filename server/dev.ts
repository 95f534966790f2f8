/**
 * `npm run dev`: the API on API_PORT (3001) and Vite with hot reload on PORT (3000),
 * proxying /api to the API.
 */
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
  stdio: 'inherit',
  // Stripe's return pages are Vite's address (the page the buyer is on), not the API's.
  env: { PUBLIC_URL: `http://localhost:${process.env.PORT ?? 3000}`, ...process.env, PORT: apiPort },
})
const { createServer } = await import('vite')
const vite = await createServer({ configFile: 'vite.config.ts' })
await vite.listen()
vite.printUrls()
const stop = () => {
  api.kill('SIGTERM')
  void vite.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
