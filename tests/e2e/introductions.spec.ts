import { expect, test } from '@playwright/test'
import { INTRO } from './fixtures/inbox'
import { apiSignIn, bearer, openAs, WHOLE_PAGE } from './support'

const DIGITS = INTRO.number.slice(1)
// As the page writes a number into text: isolated left to right (U+2066 … U+2069).
const SHOWN = '\u2066+49 30 74200099\u2069'

test('an introduction: A asks, B accepts from the inbox, A learns that B knows the number; C may still decline; no answer twice', async ({
  browser,
  request,
  baseURL,
}) => {
  const a = await apiSignIn(baseURL!, INTRO.requester)
  const b = await apiSignIn(baseURL!, INTRO.accepter)
  const c = await apiSignIn(baseURL!, INTRO.bystander)

  // A's contacts Bea and Carl (as A saved them) have the number; A asks for 11 coins.
  const requester = await openAs(browser, baseURL!, a, `/number/${DIGITS}`, WHOLE_PAGE)
  const card = requester.getByRole('region', { name: 'Friends of friends' })
  await expect(card.getByTestId('fof-list').getByRole('listitem')).toHaveText(['Bea Brandt', 'Carl Conrad'], { useInnerText: true })
  await card.getByRole('button', { name: 'Ask for an introduction (11 coins)' }).click()
  await expect(card.getByTestId('fof-request')).toHaveAttribute('data-status', 'pending')
  const balance = await request.get('/api/v6/numcy/balance', { headers: bearer(a) })
  expect((await balance.json()).data.balance).toBe(INTRO.coins - 11)

  // B's bell: the request (and the new name A saved B's number under).
  const accepter = await openAs(browser, baseURL!, b, '/search', WHOLE_PAGE)
  const bell = accepter.getByTestId('notification-bell')
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread')
  await bell.click()
  const inbox = accepter.getByRole('dialog', { name: 'Notifications' })
  const asked = inbox.locator('[data-kind="commonAcquaintances"]')
  await expect(asked).toContainText(`asks you for an introduction to ${SHOWN}, a number in your contacts`)
  await expect(inbox.locator('[data-kind="newContactName"]')).toContainText(
    'Your number \u2066+49 1517 4200002\u2069 is saved under a new name',
  )
  await asked.getByRole('button', { name: 'Accept' }).click()
  await expect(asked).toContainText('You accepted: they now know you have this number.')
  await expect(asked.getByRole('button')).toHaveCount(0)
  // (The bell is hidden from screen readers behind the open dialog; its name is there.)
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread')

  // A's card names who knows the number; no second request is offered.
  await requester.reload()
  await expect(card.getByTestId('fof-request')).toHaveText('\u2068Bea Brandt\u2069 knows this number and agreed to introduce you.')
  await expect(card.getByRole('button', { name: /Ask for an introduction/ })).toHaveCount(0)

  // C was asked too and may still answer: declining changes nothing for A.
  const bystander = await openAs(browser, baseURL!, c, '/search', WHOLE_PAGE)
  await bystander.getByTestId('notification-bell').click()
  const cItem = bystander.getByRole('dialog', { name: 'Notifications' }).locator('[data-kind="commonAcquaintances"]')
  await cItem.getByRole('button', { name: 'Decline' }).click()
  await expect(cItem).toContainText('You declined.')
  await requester.reload()
  await expect(card.getByTestId('fof-request')).toHaveText('\u2068Bea Brandt\u2069 knows this number and agreed to introduce you.')

  // An answer cannot be given twice: the server refuses it, and the inbox still shows the first.
  const requestId = Number(
    (await (await request.get('/api/v6/notifications/list', { headers: bearer(b) })).json()).data.items.find(
      (i: { kind: string }) => i.kind === 'commonAcquaintances',
    ).request.id,
  )
  const again = await request.post('/api/v6/fof/answer', { headers: bearer(b), form: { request_id: requestId, answer: 'decline' } })
  expect(again.status()).toBe(409)
  await accepter.reload()
  await accepter.getByTestId('notification-bell').click()
  await expect(accepter.getByRole('dialog', { name: 'Notifications' }).locator('[data-kind="commonAcquaintances"]')).toContainText(
    'You accepted',
  )
})
