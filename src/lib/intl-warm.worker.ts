/**
 * A page's first date or number formatter costs 15–40 ms of main thread on a fast machine, four
 * times that on a slow phone: ICU loads the locale data, into caches the whole renderer process
 * shares. Made here first, in a worker on another core, the page's own first formatter then costs
 * about 1 ms (lib/warm-up.ts; issue 13). The options are those of lib/format.ts.
 */
addEventListener('message', (event: MessageEvent<string>) => {
  try {
    new Intl.DateTimeFormat(event.data, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }).format(0)
    new Intl.NumberFormat(event.data, { maximumFractionDigits: 1, numberingSystem: 'latn' }).format(1.5)
  } finally {
    postMessage('warm')
  }
})
