import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiSignIn, bearer, openAs } from './support'

const COMMENTER = '+49 151 74200011'
const REPLIER = '+49 151 74200012'
const NUMBER = '493074200011'
// As the page writes a number into text: isolated left to right (U+2066 … U+2069).
const SHOWN = '\u2066+49 30 74200011\u2069'

async function post(request: APIRequestContext, token: string, path: string, form: Record<string, string | number>) {
  const res = await request.post(path, { headers: bearer(token), form })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).data
}

test('a reply to my comment reaches my inbox: the bell counts it, the inbox says who replied where, opening it marks it read', async ({
  browser,
  request,
  baseURL,
}) => {
  const commenter = await apiSignIn(baseURL!, COMMENTER)
  const replier = await apiSignIn(baseURL!, REPLIER)
  await post(request, replier, '/api/v6/profile/name', { first_name: 'Rita', last_name: 'Replier' })
  const comment = await post(request, commenter, '/api/v7/comment/add', { phone: NUMBER, text: 'Rang twice, said nothing.' })

  // Nothing yet: the bell has no count.
  const page = await openAs(browser, baseURL!, commenter, '/search')
  const bell = page.getByTestId('notification-bell')
  await expect(bell).toHaveAccessibleName('Notifications')

  // Rita replies; the bell counts it when the commenter comes back to the page.
  await post(request, replier, '/api/v13/comment/thread/add', { reply_to: comment.id, text: 'Same here, a silent call at 8 am.' })
  await page.reload()
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  await expect(page.getByTestId('notification-count')).toHaveText('1')

  await bell.click()
  const inbox = page.getByRole('dialog', { name: 'Notifications' })
  const item = inbox.getByTestId('notification')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(`Unread: \u2068Rita Replier\u2069 replied to your comment on ${SHOWN}`)
  await expect(item.getByTestId('notification-text')).toHaveText('Same here, a silent call at 8 am.')

  // Opening it goes to the number and marks it read.
  await item.getByRole('link', { name: `\u2068Rita Replier\u2069 replied to your comment on ${SHOWN}` }).click()
  await expect(page).toHaveURL(new RegExp(`/number/${NUMBER}$`))
  await expect(inbox).toBeHidden()
  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(bell).toBeFocused()
  await bell.click()
  await expect(item).not.toContainText('Unread')
  await expect(item).toHaveAttribute('data-read', 'true')
  await page.keyboard.press('Escape')

  // Two more replies; "mark all as read" clears the count, and it stays cleared after a reload.
  await post(request, replier, '/api/v13/comment/thread/add', { reply_to: comment.id, text: 'And again today.' })
  await post(request, replier, '/api/v13/comment/thread/add', { reply_to: comment.id, text: 'Blocked it now.' })
  await page.reload()
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread')
  await bell.click()
  await expect(inbox.getByTestId('notification')).toHaveCount(3)
  await inbox.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(inbox.getByRole('status')).toHaveText('All notifications are read.')
  await expect(inbox.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(bell).toHaveAccessibleName('Notifications')
  await page.reload()
  await expect(bell).toHaveAccessibleName('Notifications')

  // The replier's own inbox has nothing about their own replies.
  const other = await openAs(browser, baseURL!, replier, '/search')
  await expect(other.getByTestId('notification-bell')).toHaveAccessibleName('Notifications')
})

test('a new notification while the page is open is announced, with a chime unless delivered without sound', async ({
  browser,
  request,
  baseURL,
}) => {
  const commenter = await apiSignIn(baseURL!, '+49 151 74200013')
  const replier = await apiSignIn(baseURL!, '+49 151 74200014')
  const comment = await post(request, commenter, '/api/v7/comment/add', { phone: NUMBER, text: 'Survey about electricity prices.' })
  const context = await browser.newContext({ baseURL })
  // Counts the tones the page starts (Web Audio), without playing any.
  await context.addInitScript((t) => {
    localStorage.setItem('token', t)
    localStorage.setItem('locale_', 'en')
    const w = window as unknown as { chimes: number }
    w.chimes = 0
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.chimes++
      return start.apply(this, args)
    }
  }, commenter)
  const page = await context.newPage()
  await page.clock.install()
  await page.goto('/search')
  const bell = page.getByTestId('notification-bell')
  // The inbox has loaded, empty: what is there when the page opens is not news.
  await bell.click()
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('No notifications yet.')
  await page.keyboard.press('Escape')
  await expect(bell).toHaveAccessibleName('Notifications')

  await post(request, replier, '/api/v13/comment/thread/add', { reply_to: comment.id, text: 'Same survey here.' })
  // Half a minute later the bell asks again.
  await page.clock.runFor(31_000)
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  const live = page.getByTestId('notification-announcement')
  await expect(live).toHaveAttribute('aria-live', 'polite')
  await expect(live).toHaveText(`New notification: Someone replied to your comment on ${SHOWN}`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1)

  // With "deliver without sound" on, the next one is announced but silent.
  const second = await apiSignIn(baseURL!, '+49 151 74200015')
  await post(request, second, '/api/v6/profile/name', { first_name: 'Omar', last_name: 'Second' })
  await post(request, commenter, '/api/v6/notifications/settings', { deliverWithoutSound: '1' })
  await post(request, second, '/api/v13/comment/thread/add', { reply_to: comment.id, text: 'Still calling.' })
  await page.clock.runFor(31_000)
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread')
  await expect(live).toHaveText(`New notification: \u2068Omar Second\u2069 replied to your comment on ${SHOWN}`)
  await page.clock.runFor(2_000)
  expect(await page.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1)
  await context.close()
})
