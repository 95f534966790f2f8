import { formatDate, numberFormat } from './format'

/**
 * A page's first date or number formatter costs 15–40 ms of main thread on a fast machine, four
 * times that on a slow phone: ICU loads the locale data, into caches the whole renderer process
 * shares. Made here first, in a worker on another core, the page's own first formatter then costs
 * about 1 ms (lib/warm-up.ts; issue 13). Made by lib/format.ts itself, with the app's options.
 */
addEventListener('message', (event: MessageEvent<string>) => {
  try {
    formatDate(event.data, new Date(0))
    numberFormat(event.data, { maximumFractionDigits: 1 }).format(1.5)
  } finally {
    postMessage('warm')
  }
})
