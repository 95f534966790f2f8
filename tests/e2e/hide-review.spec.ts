import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { COIN_USERS } from './fixtures/comments-money'
import { apiSignIn, openAs, WHOLE_PAGE } from './support'

/** Writes no coins: only comments. */
const AUTHOR = '+49 151 71000003'
/** Has no coins and no stake: a third person looking at the owner's number. */
const VISITOR = '+49 151 71000005'

/** A number's page, signed in as the token's user. */
async function openNumber(browser: Browser, baseURL: string, token: string, digits: string): Promise<Page> {
  const page = await openAs(browser, baseURL, token, `/number/${digits}`, WHOLE_PAGE)
  await expect(page.getByRole('region', { name: 'Comments' })).toBeVisible()
  return page
}

async function comment(request: APIRequestContext, token: string, phone: string, text: string) {
  const res = await request.post('/api/v7/comment/add', { headers: { authorization: `Bearer ${token}` }, form: { phone, text } })
  expect(res.status()).toBe(200)
}

const digits = (e164: string) => e164.slice(1)

test('the owner hides a review for 10 coins; an owner with 3 coins is told to top up', async ({ browser, request, baseURL }) => {
  const { owner, poorOwner } = COIN_USERS
  const author = await apiSignIn(baseURL!, AUTHOR)
  const RUDE = 'Owes everybody money, do not lend him anything'
  const ALSO_RUDE = 'Never answers, never pays'
  await comment(request, author, owner.phone, RUDE)
  await comment(request, author, poorOwner.phone, ALSO_RUDE)

  // The owner (25 coins) opens the own number: Hide offers hiding for 10 coins a month.
  const o = await openNumber(browser, baseURL!, await apiSignIn(baseURL!, owner.phone), digits(owner.phone))
  await expect(o.getByTestId('coin-balance')).toHaveText('25')
  const review = o.getByRole('region', { name: 'Comments' }).getByTestId('comment').filter({ hasText: RUDE })
  await expect(review.getByRole('button', { name: 'Pin' })).toBeVisible()
  await review.getByRole('button', { name: 'Hide', exact: true }).click()
  const options = o.getByRole('dialog', { name: 'Hide this review?' })
  await expect(options.getByRole('status')).toHaveText('Your balance: 25 coins')
  await expect(options.getByRole('button', { name: 'File a complaint' })).toBeVisible()
  await options.getByRole('button', { name: 'Hide for 10 coins a month' }).click()

  // Success: the modal shows the new balance, so does the header; the review shows as hidden.
  const done = o.getByRole('dialog', { name: 'Review hidden' })
  await expect(done.getByRole('status')).toHaveText('Your balance: 15 coins')
  await expect(o.getByTestId('coin-balance')).toHaveText('15')
  await done.getByRole('button', { name: 'Close' }).first().click()
  await expect(done).toBeHidden()
  await expect(review.getByTestId('hidden-notice')).toContainText('Hidden until')
  await expect(review.getByRole('button', { name: 'Stop hiding' })).toBeVisible()
  await expect(review.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0)
  await o.reload()
  await expect(review.getByTestId('hidden-notice')).toContainText('Hidden until')
  await expect(o.getByTestId('coin-balance')).toHaveText('15')

  // Someone else no longer sees the review; its author still does, and is told.
  const v = await openNumber(browser, baseURL!, await apiSignIn(baseURL!, VISITOR), digits(owner.phone))
  await expect(v.getByRole('region', { name: 'Comments' }).getByText('No comments yet. Be the first to say who called.')).toBeVisible()
  await expect(v.getByText(RUDE)).toHaveCount(0)
  const a = await openNumber(browser, baseURL!, author, digits(owner.phone))
  await expect(a.getByTestId('comment').filter({ hasText: RUDE }).getByTestId('hidden-notice')).toContainText('Hidden from others')

  // The owner stops the renewal: it stays hidden until the month ends.
  await review.getByRole('button', { name: 'Stop hiding' }).click()
  await expect(review.getByRole('status')).toContainText('Renewal stopped')
  await expect(o.getByTestId('coin-balance')).toHaveText('15')

  // The other owner has 3 coins: not enough; nothing is charged, nothing is hidden.
  const p = await openNumber(browser, baseURL!, await apiSignIn(baseURL!, poorOwner.phone), digits(poorOwner.phone))
  await expect(p.getByTestId('coin-balance')).toHaveText('3')
  const theirs = p.getByTestId('comment').filter({ hasText: ALSO_RUDE })
  await theirs.getByRole('button', { name: 'Hide', exact: true }).click()
  await p.getByRole('dialog', { name: 'Hide this review?' }).getByRole('button', { name: 'Hide for 10 coins a month' }).click()
  const broke = p.getByRole('dialog', { name: 'Not enough coins' })
  await expect(broke).toContainText('This costs 10 coins.')
  await expect(broke.getByRole('status')).toHaveText('Your balance: 3 coins')
  await expect(broke.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/paywall/numcy')
  await broke.getByRole('button', { name: 'Back' }).click()
  await expect(p.getByRole('dialog', { name: 'Hide this review?' })).toBeVisible()
  await p.keyboard.press('Escape')
  await expect(p.getByRole('dialog')).toHaveCount(0)
  await p.reload()
  await expect(theirs.getByTestId('comment-text')).toHaveText(ALSO_RUDE)
  await expect(theirs.getByTestId('hidden-notice')).toHaveCount(0)
  await expect(p.getByTestId('coin-balance')).toHaveText('3')
})

test('comment-up spends a coin and marks the comment as upped', async ({ browser, request, baseURL }) => {
  const { booster, poorOwner } = COIN_USERS
  const author = await apiSignIn(baseURL!, '+49 151 71000006')
  const TEXT = 'Polite caller, it was my dentist'
  await comment(request, author, poorOwner.phone, TEXT)

  const token = await apiSignIn(baseURL!, booster.phone)
  const b = await openNumber(browser, baseURL!, token, digits(poorOwner.phone))
  const item = b.getByTestId('comment').filter({ hasText: TEXT })
  const up = item.getByTestId('comment-up')
  await expect(up).toHaveAccessibleName('Up (0) 1 coin')
  await expect(up).toHaveAttribute('aria-pressed', 'false')
  await up.click()
  await expect(up).toHaveAccessibleName('Up (1) 1 coin')
  await expect(up).toHaveAttribute('aria-pressed', 'true')
  await expect(b.getByTestId('copied-toast')).toContainText('Comment moved up')

  // The booster's own page shows the balance: 5 - 1.
  await b.goto(`/number/${digits(booster.phone)}`)
  await expect(b.getByTestId('coin-balance')).toHaveText('4')
  // The author cannot up their own comment.
  const a = await openNumber(browser, baseURL!, author, digits(poorOwner.phone))
  await expect(a.getByTestId('comment').filter({ hasText: TEXT }).getByTestId('comment-up')).toHaveCount(0)
})
