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
