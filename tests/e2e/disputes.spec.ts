import { expect, test } from '@playwright/test'
import { DISPUTE_MODERATOR } from './fixtures/inbox'
import { apiSignIn, bearer, openAs } from './support'

/** A PhoneBlock number rated G_FRAUD by 110 people (imported at server start); its new owner signs in with it. */
const OWNER = '+49 1512 4906546'
const DIGITS = '4915124906546'
const VIEWER = '+49 151 74200021'

test('the new owner of a reported number contests it; a moderator upholds it; the index goes back to 5 and the page says why', async ({
  browser,
  request,
  baseURL,
}) => {
  // Four people and five pages: more than the default minute on a busy machine.
  test.setTimeout(150_000)
  const owner = await apiSignIn(baseURL!, OWNER)
  const moderator = await apiSignIn(baseURL!, DISPUTE_MODERATOR)
  const viewer = await apiSignIn(baseURL!, VIEWER)

  // The owner's page: a bad rating from the imported list, and the form to contest it.
  const page = await openAs(browser, baseURL!, owner, '/number/my')
  const meter = page.getByRole('meter', { name: 'Reputation' })
  expect(Number(await meter.getAttribute('aria-valuenow'))).toBeLessThan(5)
  await expect(page.getByTestId('evidence')).toContainText('from the PhoneBlock list')
  // A second tab, opened and filled in before the dispute is sent from the first.
  const stale = await openAs(browser, baseURL!, owner, '/number/my')
  const staleForm = stale.getByRole('region', { name: 'Contest this rating' })
  await staleForm.getByRole('radio', { name: 'This number does not make unwanted calls' }).check()
  await staleForm.getByLabel('Your reasons').fill('Trying a second time while the first is open.')

  const form = page.getByRole('region', { name: 'Contest this rating' })
  // Nothing chosen or written: each field says what it needs, and nothing is sent.
  await form.getByRole('button', { name: 'Send for review' }).click()
  await expect(form.getByText('Choose what is wrong.')).toBeVisible()
  await expect(form.getByLabel('Your reasons')).toHaveAttribute('aria-invalid', 'true')
  await form.getByRole('radio', { name: 'I am the new owner of this number' }).check()
  await form.getByLabel('Your reasons').fill('I got this number from my carrier last month; the fraud calls were the previous owner.')
  await form.getByRole('button', { name: 'Send for review' }).click()
  await expect(form.getByText('Enter the date since when the number is yours.')).toBeVisible()
  await expect(form.getByLabel('Yours since')).toBeFocused()
  const today = new Date().toISOString().slice(0, 10)
  await form.getByLabel('Yours since').fill(today)
  await form.getByLabel('A link that supports it (optional)').fill('https://carrier.example.com/contract')
  await form.getByRole('button', { name: 'Send for review' }).click()
  await expect(form.getByRole('status')).toHaveText('Sent. Moderators will review your dispute; the number page shows it meanwhile.')
  const banner = page.getByTestId('dispute-banner')
  await expect(banner.getByRole('heading', { name: 'Disputed by its owner, under review' })).toBeVisible()

  // The stale tab sends too: refused clearly, while the first is under review.
  await staleForm.getByRole('button', { name: 'Send for review' }).click()
  await expect(staleForm.getByRole('alert')).toHaveText(
    'This number is already under review. Wait for the decision before contesting again.',
  )
  // Someone else cannot contest this number.
  const foreign = await request.post('/api/v6/dispute/add', {
    headers: bearer(viewer),
    form: { phone: DIGITS, category: 'not_spam', reasons: 'Not my number but I try anyway.' },
  })
  expect(foreign.status()).toBe(403)

  // Everyone sees it under review.
  const other = await openAs(browser, baseURL!, viewer, `/number/${DIGITS}`)
  await expect(other.getByTestId('dispute-banner').getByRole('heading')).toHaveText('Disputed by its owner, under review')
  await expect(other.getByRole('region', { name: 'Contest this rating' })).toHaveCount(0)

  // The moderator upholds it from the Disputes queue.
  const mod = await openAs(browser, baseURL!, moderator, '/moderation')
  await mod.getByRole('button', { name: 'Disputes' }).click()
  await expect(mod).toHaveURL(/queue=disputes/)
  const item = mod.getByTestId('dispute-item').filter({ hasText: '+49 1512 4906546' })
  await expect(item).toContainText('New owner')
  await expect(item).toContainText('the fraud calls were the previous owner')
  await expect(item.getByRole('link', { name: 'https://carrier.example.com/contract' })).toHaveAttribute(
    'href',
    'https://carrier.example.com/contract',
  )
  await expect(item.getByText('Upholding stops counting all evidence from before the owner’s date.')).toBeVisible()
  await item.getByLabel('Note to the owner (optional, shown on the number page)').fill('Carrier contract checked.')
  await item.getByRole('button', { name: 'Uphold' }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'upheld' })).toHaveText(/^Dispute #\d+ upheld\. The index is now 5\.$/)
  await expect(item).toHaveCount(0)
  await mod.getByRole('button', { name: 'Decided' }).click()
  await expect(mod.getByTestId('dispute-item').filter({ hasText: '+49 1512 4906546' })).toContainText('Upheld')

  // The number page now shows index 5, the decision, and the evidence that no longer counts.
  await other.reload()
  await expect(other.getByRole('meter', { name: 'Reputation' })).toHaveAttribute('aria-valuenow', '5')
  const decided = other.getByTestId('dispute-banner')
  await expect(decided.getByRole('heading')).toHaveText('The owner’s dispute was upheld')
  await expect(decided).toContainText('Moderator’s note: \u2068Carrier contract checked.\u2069')
  const discounted = other.getByTestId('evidence').locator('li[data-discounted]')
  await expect(discounted.first()).toContainText('from the PhoneBlock list (not counted: disputed by the owner)')
  // The owner may contest again later (the last one is decided).
  await page.reload()
  await expect(page.getByRole('region', { name: 'Contest this rating' })).toBeVisible()
})
