/** Asks until `done` holds of the answer, every 20 ms for at most `ms`; the last answer (the caller asserts on it). */
export async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const started = Date.now()
  let value = await ask()
  while (!done(value) && Date.now() - started < ms) {
    await new Promise((r) => setTimeout(r, 20))
    value = await ask()
  }
  return value
}
