import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { COMPLAINT_MODERATOR } from './fixtures/complaints'
import { apiSignIn, openAs } from './support'

/** A PhoneBlock number no other spec comments on. */
const NUMBER = '4915212428667'
const TEXT = 'Complaint e2e: a rude comment about the caller'

test('a viewer complains about a comment: terms link, gate, complaint-after, stored for the moderators', async ({
  browser,
  request,
  baseURL,
}) => {
  const tokenA = await apiSignIn(baseURL!, '+49 151 73000001')
  const tokenB = await apiSignIn(baseURL!, '+49 151 73000002')
  const tokenMod = await apiSignIn(baseURL!, COMPLAINT_MODERATOR)

  // B comments on the number.
  const added = await request.post('/api/v7/comment/add', {
    form: { phone: NUMBER, text: TEXT },
    headers: { authorization: `Bearer ${tokenB}` },
  })
  expect(added.ok()).toBe(true)
  const commentId = (await added.json()).data.id as number

  // A opens the number on the app subdomain (Chromium resolves *.localhost to this machine).
  const port = new URL(baseURL!).port
  const page = await openAs(browser, `http://app.localhost:${port}`, tokenA, `/number/${NUMBER}`)
  const comment = page.getByTestId('comment').filter({ hasText: TEXT })
  await comment.getByRole('button', { name: 'Hide', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Complain about this text' })
  await expect(dialog).toBeVisible()
  // The terms are the app's own page (no main site is configured here), in a new tab (issue 33).
  const terms = dialog.getByRole('link', { name: 'Terms of use (opens in a new tab)' })
  await expect(terms).toHaveAttribute('href', '/legal/terms')
  await expect(terms).toHaveAttribute('target', '_blank')
  // The legal text is folded.
  const more = dialog.getByRole('button', { name: 'Show more' })
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await expect(dialog.getByText(/within 30 calendar days/)).toBeHidden()
  await more.click()
  await expect(dialog.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
  await expect(dialog.getByText(/within 30 calendar days.*within 3 working days/)).toBeVisible()

  // No form before "File a complaint".
  await expect(dialog.getByRole('form')).toHaveCount(0)
  await expect(dialog.getByLabel('Your e-mail')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'File a complaint' }).click()
  const form = dialog.getByRole('form', { name: 'Complaint form' })
  const name = form.getByLabel('Your name')
  const email = form.getByLabel('Your e-mail')
  const message = form.getByLabel('What is wrong with this text?')
  const submit = form.getByRole('button', { name: 'Send complaint' })
  await expect(name).toBeFocused()
  await expect(email).toHaveAttribute('placeholder', 'name@example.com')
  await expect(submit).toBeDisabled()

  // Each of the three conditions holds the submit back on its own.
  await name.fill('J')
  await email.fill('jo@example.com')
  await message.fill('Insults me and my family')
  await expect(submit).toBeDisabled()
  await name.fill('Jo Doe')
  await expect(submit).toBeEnabled()
  await message.fill('Rude!')
  await expect(submit).toBeDisabled()
  await message.fill('Insults me and my family')
  await expect(submit).toBeEnabled()
  const plainBackground = await email.evaluate((el) => getComputedStyle(el).backgroundColor)
  await email.fill('jo@example')
  await expect(submit).toBeDisabled()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('Enter a valid e-mail address, for example name@example.com.')).toBeVisible()
  await expect.poll(() => email.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(plainBackground)
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await email.fill('jo@example.com')
  await expect(email).not.toHaveAttribute('aria-invalid')
  await expect(submit).toBeEnabled()

  // Sent: the server takes it, the complaint-after modal follows.
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v6/complaint/add') && r.request().method() === 'POST')
  await submit.click()
  expect((await answer).ok()).toBe(true)
  const after = page.getByRole('dialog', { name: 'Complaint sent' })
  await expect(after).toContainText('may go to court')
  await expect(page.getByRole('form', { name: 'Complaint form' })).toHaveCount(0)
  await after.getByRole('button', { name: 'Close' }).last().click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Focus goes back to the button that opened the complaint.
  await expect(comment.getByRole('button', { name: 'Hide', exact: true })).toBeFocused()

  // The moderators find it in their queue, as one combined message about B's comment.
  const queue = await request.get('/api/v6/moderation/queue', {
    params: { kind: 'complaint' },
    headers: { authorization: `Bearer ${tokenMod}` },
  })
  expect(queue.ok()).toBe(true)
  const items = (await queue.json()).data.items as Array<{
    targetType: string
    targetId: number
    text: string
    reporter: { name: string; email: string }
  }>
  const mine = items.filter((i) => i.targetId === commentId)
  expect(mine).toHaveLength(1)
  expect(mine[0]).toMatchObject({
    targetType: 'comment',
    text: 'Name: Jo Doe\nEmail: jo@example.com\nMessage: Insults me and my family',
    reporter: { name: 'Jo Doe', email: 'jo@example.com' },
  })
  await page.context().close()
})
