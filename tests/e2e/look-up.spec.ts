import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { LOOK_UP_USERS } from './fixtures/look-up'
import { apiSignIn, bearer, openAs, WHOLE_PAGE } from './support'

/**
 * A look-up as people make it (issue 30): opening a number counts one search; what they do on
 * its page reloads it without counting again, a paid page stays paid, the paid-search switch
 * is remembered, and past the limit the page shows no invented verdict. Its users have numbers
 * +49 1517 83…, which no other spec uses.
 */

async function leftToday(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/v202305/main/load', { headers: bearer(token) })
  expect(res.status()).toBe(200)
  return (await res.json()).data.leftRequests
}

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  return (await (await request.get('/api/v6/numcy/balance', { headers: bearer(token) })).json()).data.balance
}

/** The searches left in every search answer the page gets from now on (read them with Promise.all). */
function searchesLeft(page: Page): Array<Promise<number>> {
  const seen: Array<Promise<number>> = []
  page.on('response', (res) => {
    if (!res.url().includes('/api/v202505/search/') || res.status() !== 200) return
    seen.push(res.json().then((body: { data: { common: { leftRequests: number } } }) => body.data.common.leftRequests))
  })
  return seen
}

const searchDone = (page: Page) => page.waitForResponse((res) => res.url().includes('/api/v202505/search/') && res.status() === 200)

/** A private note, a comment and a suggested name on the open number page; each reloads the search, whose answers it returns. */
async function noteCommentAndName(page: Page, words: { note: string; comment: string; first: string; last: string }) {
  const answers: Array<{ data: { paidAlert: { show: boolean }; common: { isPaidRequest: boolean; leftRequests: number } } }> = []
  const note = page.getByRole('region', { name: 'Private note' })
  await note.getByRole('button', { name: 'Add note' }).click()
  await note.getByLabel('Your private note about this number').fill(words.note)
  let reloaded = searchDone(page)
  await note.getByRole('button', { name: 'Save note' }).click()
  await expect(note.getByTestId('note-text')).toHaveText(words.note)
  answers.push(await (await reloaded).json())

  const comments = page.getByRole('region', { name: 'Comments' })
  await comments.getByLabel('Write a comment').fill(words.comment)
  reloaded = searchDone(page)
  await comments.getByRole('button', { name: 'Post comment' }).click()
  await expect(comments.getByTestId('comment-text')).toHaveText(words.comment)
  answers.push(await (await reloaded).json())

  await page.getByRole('button', { name: 'Suggest a name' }).click()
  const form = page.getByRole('dialog', { name: /^Suggest a name for / })
  await form.getByLabel('First name').fill(words.first)
  await form.getByLabel('Last name').fill(words.last)
  reloaded = searchDone(page)
  await form.getByRole('button', { name: 'Save suggestion' }).click()
  await expect(page.getByTestId('my-suggestion')).toHaveText(`Your suggestion: \u2068${words.first} ${words.last}\u2069`)
  answers.push(await (await reloaded).json())
  return answers
}

test('a look-up counts one search: a note, a comment and a name suggested on its page count no more', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiSignIn(baseURL!, '+49 151 78300101')
  expect(await leftToday(request, token)).toBe(30)
  const page = await openAs(browser, baseURL!, token, '/', WHOLE_PAGE)
  const left = searchesLeft(page)
  await page.goto('/number/4930901831')
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()

  await noteCommentAndName(page, {
    note: 'The plumber, probably',
    comment: 'Called twice about a leaking pipe',
    first: 'Pat',
    last: 'Plumber',
  })

  // The page was searched again after each action, and every answer says 29 left: counted once.
  const answers = await Promise.all(left)
  expect(answers.length).toBeGreaterThanOrEqual(4)
  expect(new Set(answers)).toEqual(new Set([29]))
  expect(await leftToday(request, token)).toBe(29)
  // Opened again later that day: still free.
  await page.reload()
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()
  expect(await leftToday(request, token)).toBe(29)
  await page.context().close()
})

test('a paid look-up stays paid on its page: after a note, a comment and a name it is still the full page, for one coin', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiSignIn(baseURL!, LOOK_UP_USERS.paying.phone)
  const before = await balanceOf(request, token)
  const page = await openAs(browser, baseURL!, token, '/number/4930901832', WHOLE_PAGE)
  const limit = page.getByRole('alert').filter({ hasText: 'Daily search limit reached' })
  await limit.getByRole('button', { name: 'Search for 1 coin' }).click()
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()
  await expect(limit).toHaveCount(0)

  const answers = await noteCommentAndName(page, {
    note: 'Paid to see this one',
    comment: 'A paid look-up, and worth it',
    first: 'Paula',
    last: 'Paid',
  })
  for (const answer of answers) {
    expect(answer.data.paidAlert.show).toBe(false)
    expect(answer.data.common.isPaidRequest).toBe(true)
  }
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()
  await expect(page.getByText('Daily search limit reached')).toHaveCount(0)
  expect(await balanceOf(request, token)).toBe(before - 1)

  // Reloaded: still the full page, and still one coin spent.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Private note' }).getByTestId('note-text')).toHaveText('Paid to see this one')
  await expect(page.getByText('Daily search limit reached')).toHaveCount(0)
  expect(await balanceOf(request, token)).toBe(before - 1)
  await page.context().close()
})

test('the paid-search switch and the paid searches setting are still on after a reload', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, LOOK_UP_USERS.switching.phone)
  const page = await openAs(browser, baseURL!, token, '/')
  const paid = page.getByRole('switch', { name: 'Paid search' })
  await expect(paid).toHaveAttribute('aria-checked', 'false')
  await paid.click()
  await expect(paid).toHaveAttribute('aria-checked', 'true')
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Paid search' })).toHaveAttribute('aria-checked', 'true')

  await page.goto('/settings')
  await page.getByRole('button', { name: /^Advanced features/ }).click()
  await expect(page.getByRole('switch', { name: 'Allow paid searches' })).toHaveAttribute('aria-checked', 'true')
  await page.reload()
  await page.getByRole('button', { name: /^Advanced features/ }).click()
  await expect(page.getByRole('switch', { name: 'Allow paid searches' })).toHaveAttribute('aria-checked', 'true')
  await page.context().close()
})

test('past the daily limit the page says so and shows no invented verdict', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, LOOK_UP_USERS.limited.phone)
  // A number of the imported list: known to be unwanted, which the limited page must not hide behind a 5.
  const page = await openAs(browser, baseURL!, token, '/number/491637875622', WHOLE_PAGE)
  await expect(page.getByRole('alert').filter({ hasText: 'Daily search limit reached' })).toBeVisible()
  await expect(page.getByTestId('number-international')).toBeVisible()
  await expect(page.getByText('out of 10')).toHaveCount(0)
  await expect(page.getByRole('meter', { name: 'Reputation' })).toHaveCount(0)
  await expect(page.getByText('No name yet')).toHaveCount(0)
  await expect(page.getByText('No clear picture')).toHaveCount(0)
  await expect(page.getByText('0 comments')).toHaveCount(0)
  await expect(page.getByTestId('tags-card')).toHaveCount(0)
  await page.context().close()
})
