import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { apiSignIn, openAs, WHOLE_PAGE } from './support'

/** A PhoneBlock number (imported at server start), and a name nobody would really save. */
const NUMBER = '491637875622'
const FAKE_NAME = 'Testcaller Lotteryprize'

/** A contact book as a phone exports it: one good card, one with a broken number, one without any number. */
const VCARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Lotteryprize;Testcaller;;;',
  'FN:Testcaller Lotteryprize',
  'TEL;TYPE=CELL:+49 163 7875622',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Broken Row',
  'TEL:+49 1',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:No Number',
  'EMAIL:nobody@example.com',
  'END:VCARD',
].join('\r\n')

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
async function axeViolations(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).withTags(WCAG).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The number page, signed in as the token's user. */
async function openNumber(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const page = await openAs(browser, baseURL, token, `/number/${NUMBER}`, WHOLE_PAGE)
  await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
  return page
}

test('a contact book upload names a number; another user sees, likes, suggests, calls and reports', async ({ browser, baseURL }) => {
  const tokenA = await apiSignIn(baseURL!, '+49 151 74000001')
  const tokenB = await apiSignIn(baseURL!, '+49 151 74000002')

  // A uploads their own book and sees what was read.
  const a = await openNumber(browser, baseURL!, tokenA)
  const contactsA = a.getByRole('region', { name: 'Saved in contacts as' })
  await expect(contactsA.getByText('Nobody has this number in an uploaded contact book yet.')).toBeVisible()
  await contactsA
    .getByLabel('Contact book file (vCard .vcf or CSV)')
    .setInputFiles({ name: 'my-contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCARD) })
  await contactsA.getByRole('button', { name: 'Upload contact book' }).click()
  const report = contactsA.getByTestId('upload-report')
  await expect(report).toContainText('vCard file')
  await expect(report.getByText('3 entries read')).toBeVisible()
  await expect(report.getByText('1 number saved')).toBeVisible()
  await expect(report.getByTestId('upload-skipped').getByRole('listitem')).toHaveText(['1 — phone number not valid', '1 — no phone number'])
  await expect(contactsA.getByTestId('contact-name-text')).toHaveText(FAKE_NAME)
  // The card passes the WCAG 2.2 AA checks with a name and an upload report.
  expect(await axeViolations(a, '[data-testid="contacts"]')).toEqual([])

  // B sees the name with its count, and likes it.
  const b = await openNumber(browser, baseURL!, tokenB)
  const contactsB = b.getByRole('region', { name: 'Saved in contacts as' })
  const item = contactsB.getByTestId('contact-name')
  await expect(item).toHaveCount(1)
  await expect(item.getByTestId('contact-name-text')).toHaveText(FAKE_NAME)
  await expect(item.getByTestId('contact-count')).toHaveText('Saved by 1 user')
  await expect(item.getByTestId('contact-score')).toHaveText('Score: 0')
  await expect(b.getByTestId('number-name')).toHaveText(FAKE_NAME)
  await item.getByRole('button', { name: 'Like (0)', exact: true }).click()
  await expect(item.getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(item.getByTestId('contact-score')).toHaveText('Score: +1')
  // The vote is kept: after a reload it is still B's like.
  await b.reload()
  await expect(item.getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute('aria-pressed', 'true')
  // Switching to dislike replaces the like.
  await item.getByRole('button', { name: 'Dislike (0)', exact: true }).click()
  await expect(item.getByRole('button', { name: 'Dislike (1)', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(item.getByRole('button', { name: 'Like (0)', exact: true })).toHaveAttribute('aria-pressed', 'false')
  await expect(item.getByTestId('contact-score')).toHaveText('Score: -1')

  // B suggests a name and sees it, also after a reload.
  await b.getByRole('button', { name: 'Suggest a name' }).click()
  const form = b.getByRole('dialog', { name: /^Suggest a name for \W*\+49 163 7875622\W*$/ })
  await form.getByLabel('First name').fill('  Prize ')
  await form.getByLabel('Last name').fill('Robocall')
  await form.getByRole('button', { name: 'Save suggestion' }).click()
  await expect(form).toHaveCount(0)
  await expect(b.getByTestId('my-suggestion')).toHaveText('Your suggestion: \u2068Prize Robocall\u2069')
  await b.reload()
  await expect(b.getByTestId('my-suggestion')).toHaveText('Your suggestion: \u2068Prize Robocall\u2069')

  // The phone modal: the number and the links to reach it.
  await b.getByRole('button', { name: 'Call or message' }).click()
  const phoneModal = b.getByRole('dialog', { name: /^Call or message \W*\+49 163 7875622\W*$/ })
  await expect(phoneModal.getByTestId('phone-modal')).toContainText('+49 163 7875622')
  await expect(phoneModal.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+491637875622')
  await expect(phoneModal.getByRole('link', { name: 'Send SMS' })).toHaveAttribute('href', 'sms:+491637875622')
  await expect(phoneModal.getByRole('link', { name: 'Chat in the WhatsApp app' })).toHaveAttribute(
    'href',
    'whatsapp://send?phone=491637875622',
  )
  await expect(phoneModal.getByRole('link', { name: 'Chat on WhatsApp Web (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://web.whatsapp.com/send?phone=491637875622',
  )
  await expect(phoneModal.getByRole('link', { name: 'Chat in Viber' })).toHaveAttribute('href', 'viber://chat?number=%2B491637875622')
  expect(await axeViolations(b, '[role="dialog"]')).toEqual([])
  await phoneModal.getByRole('button', { name: 'Close' }).click()
  await expect(phoneModal).toHaveCount(0)

  // B reports the name; the moderators get it.
  await item.getByRole('button', { name: 'Report', exact: true }).click()
  const confirm = b.getByRole('dialog', { name: 'Report this name?' })
  await expect(confirm.getByRole('switch')).toHaveAttribute('aria-checked', 'false')
  const reported = b.waitForResponse((r) => r.url().endsWith('/api/v6/report/contact'))
  await confirm.getByRole('button', { name: 'Send report' }).click()
  expect((await reported).status()).toBe(200)
  await expect(b.getByRole('dialog', { name: 'Name reported' })).toBeVisible()
  await b.getByRole('dialog', { name: 'Name reported' }).getByRole('button', { name: 'Close' }).first().click()

  // With the complaint toggle on, the complaint form follows the report.
  await item.getByRole('button', { name: 'Report', exact: true }).click()
  await confirm.getByRole('switch').click()
  await confirm.getByRole('button', { name: 'Send report' }).click()
  await expect(b.getByRole('dialog', { name: 'Complain about this text' })).toBeVisible()
})
