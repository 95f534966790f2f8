import { proxy } from 'valtio'

/** Backdrop of SPEC.md section 4: a counter raised at the start of a flow and lowered at its end. */
export const backdrop = proxy({ count: 0 })

export function backdropUp() {
  backdrop.count++
}

export function backdropDown() {
  backdrop.count = Math.max(0, backdrop.count - 1)
}

/** Runs a flow under the backdrop, lowering it however the flow ends. */
export async function withBackdrop<T>(flow: () => Promise<T>): Promise<T> {
  backdropUp()
  try {
    return await flow()
  } finally {
    backdropDown()
  }
}
