import { expect, test, type Page } from '@playwright/test'
import { apiSignIn, openAs } from './support'

/** A PhoneBlock number rated legitimate (74 votes): a tag or a block moves its index visibly. */
const NUMBER = '4915114305448'
const SHOWN = '+49 1511 4305448'
const A = '+49 151 75000001'
const B = '+49 151 75000002'

const index = async (page: Page) => Number(await page.getByRole('meter', { name: 'Reputation' }).getAttribute('aria-valuenow'))

test('tag a number, block and unblock it, read its analysis, open a commenter\u2019s profile', async ({ browser, request, baseURL }) => {
  const tokenA = await apiSignIn(baseURL!, A)
  const tokenB = await apiSignIn(baseURL!, B)
  // B comments on the number, so B's profile is one a reader reaches from the comments.
  const comment = await request.post('/api/v7/comment/add', {
    headers: { authorization: `Bearer ${tokenB}` },
    form: { phone: NUMBER, text: 'Called about my parcel, all fine.' },
  })
  expect(comment.status(), await comment.text()).toBe(200)
  const me = await request.get('/api/v6/profile/my', { headers: { authorization: `Bearer ${tokenB}` } })
  const profileIdB = (await me.json()).data.profileId as number

  const page = await openAs(browser, baseURL!, tokenA, `/number/${NUMBER}`)
  await expect(page.getByTestId('number-international')).toHaveText(SHOWN)
  const tags = page.getByTestId('tags-card')
  await expect(tags.getByRole('listitem').filter({ hasText: 'Legitimate' })).toContainText('74 votes')
  await expect(tags.getByRole('listitem').filter({ hasText: 'Fraud' })).toHaveCount(0)
  const before = await index(page)

  // The page poll: pick a tag, save; it joins the top tags with its count and moves the index.
  await tags.getByRole('button', { name: 'Tag this number' }).click()
  const poll = tags.getByRole('form', { name: 'What kind of call was it?' })
  await poll.getByRole('group', { name: 'What it was' }).getByRole('checkbox', { name: 'Fraud' }).check()
  await poll.getByRole('button', { name: 'Save tags' }).click()
  await expect(tags.getByRole('status')).toHaveText('Thank you, your tags are saved.')
  const fraud = tags.getByRole('listitem').filter({ hasText: 'Fraud' })
  await expect(fraud).toContainText('1 vote')
  await expect(fraud).toContainText('You tagged it')
  await expect(page.getByTestId('evidence')).toContainText('1 person tagged it “Fraud”')
  await expect.poll(() => index(page)).toBeLessThan(before)
  const tagged = await index(page)

  // Reopened, the picker shows the saved answer.
  await tags.getByRole('button', { name: 'Change my tags' }).click()
  await expect(tags.getByRole('checkbox', { name: 'Fraud' })).toBeChecked()
  await tags.getByRole('button', { name: 'Cancel' }).click()

  // Block: the toggle is pressed, the count and the evidence say so, the index drops; the ban poll is offered.
  const block = page.getByRole('button', { name: 'Block number' })
  await expect(block).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('0 blocks')).toBeVisible()
  await block.click()
  const banPoll = page.getByRole('dialog', { name: 'You blocked this number.' })
  await expect(banPoll.getByRole('form', { name: 'Why did you block this number?' })).toBeVisible()
  await banPoll.getByRole('button', { name: 'Not now' }).click()
  await expect(banPoll).toBeHidden()
  await expect(block).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('1 block', { exact: true })).toBeVisible()
  await expect(page.getByTestId('evidence')).toContainText('1 person blocked this number')
  await expect.poll(() => index(page)).toBeLessThan(tagged)

  // Unblock: everything goes back.
  await block.click()
  await expect(block).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('0 blocks')).toBeVisible()
  await expect(page.getByTestId('evidence')).not.toContainText('blocked this number')
  await expect.poll(() => index(page)).toBe(tagged)

  // The automatic analysis is computed from the number's own reports, tags and comments.
  const neuro = page.getByRole('region', { name: 'Automatic analysis' })
  await expect(neuro.getByText('Computed automatically')).toBeVisible()
  await expect(neuro.getByTestId('neuro-kind')).toHaveText('Legitimate')
  await expect(neuro.getByRole('meter', { name: 'Risk' })).toBeVisible()
  // A free user sees the headline (kind and risk); the whole analysis comes with a plan.
  await expect(neuro.getByTestId('neuro-summary')).toBeHidden()
  await expect(neuro.getByRole('link', { name: 'See Premium' })).toHaveAttribute('href', '/paywall?tab=tier1')

  // B's profile page, by profile id: B's own number and its data.
  await page.goto(`/profile/${profileIdB}`)
  await expect(page.getByRole('heading', { level: 1, name: /^Profile \W*\+49 1517 5000002\W*$/ })).toBeVisible()
  await expect(page.getByTestId('number-international')).toHaveText('+49 1517 5000002')
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()
  await page.goto('/profile/999999')
  await expect(page.getByText('Profile not found')).toBeVisible()

  // A number opened from a link: the number page with a notice.
  await page.goto(`/profile-no-check/${NUMBER}`)
  const notice = page.getByRole('dialog', { name: 'Number profile from a link' })
  await expect(notice).toContainText(SHOWN)
  await notice.getByRole('button', { name: 'Got it' }).click()
  await expect(notice).toBeHidden()
  await expect(page.getByTestId('number-international')).toHaveText(SHOWN)
})
