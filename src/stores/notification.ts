import { proxy } from 'valtio'
import { LIMITS } from '@contract/constants'

/** Notification state of SPEC.md section 3: the "copied" notice and attention notices. */
export const notification = proxy({ copied: false, attention: false, text: '' })

let copiedTimer: ReturnType<typeof setTimeout> | undefined

/** Shows the "copied" notice for 2.5 s; <body> carries the `copied` class meanwhile. */
export function notifyCopied(text: string) {
  clearTimeout(copiedTimer)
  Object.assign(notification, { copied: true, text })
  document.body.classList.add('copied')
  copiedTimer = setTimeout(() => {
    Object.assign(notification, { copied: false, text: '' })
    document.body.classList.remove('copied')
  }, LIMITS.copiedNoticeMs)
}

let attentionTimer: ReturnType<typeof setTimeout> | undefined

export function notifyAttention(text: string, ms: number = LIMITS.threadAttentionMs) {
  clearTimeout(attentionTimer)
  Object.assign(notification, { attention: true, text })
  attentionTimer = setTimeout(() => Object.assign(notification, { attention: false, text: '' }), ms)
}

/** Hides the notice now (Escape while it shows). */
export function dismissNotice() {
  clearTimeout(copiedTimer)
  clearTimeout(attentionTimer)
  Object.assign(notification, { copied: false, attention: false, text: '' })
  document.body.classList.remove('copied')
}

/** Copies text to the clipboard and shows the notice; false when the browser refused. */
export async function copyText(text: string, notice: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    return false
  }
  notifyCopied(notice)
  return true
}
