import { expect, screen, waitFor } from 'storybook/test'
type waitForOptions = Parameters<typeof waitFor>[1]

/**
 * The status region (role=status) in a story's queries (`within(…)`) that says `text`.
 * A page holds more than one: the busy notice keeps its own, empty until the server
 * sheds load, so a story asks for the one it means. Fails when none says it.
 */
export function statusSaying(scope: { getAllByRole(role: 'status'): HTMLElement[] }, text: string): HTMLElement {
  const found = scope.getAllByRole('status').find((el) => el.textContent?.includes(text))
  if (!found) throw new Error(`No status region says "${text}"`)
  return found
}

/**
 * The open dialog (with `name`, when given), once it takes clicks. Radix blocks pointer
 * events on the page while a modal is open and gives them back to the dialog one render
 * later; a story that clicked in between would hit `pointer-events: none` now and then.
 */
export async function findDialog(query: { name?: string | RegExp } = {}, options?: waitForOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', query, options)
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).not.toBe('none'), options)
  return dialog
}
