import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A worker thread running a TypeScript module through tsx's API: under
 * `node --import tsx` a worker would inherit tsx, under the test runner it would not.
 */
export function tsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'>): Worker {
  const tsx = import.meta.resolve('tsx/esm/api')
  const boot = `import(${JSON.stringify(tsx)}).then((api) => (api.tsImport ?? api.default.tsImport)(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`
  return new Worker(boot, { ...options, eval: true })
}
