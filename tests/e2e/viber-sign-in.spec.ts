import { expect, test } from '@playwright/test'
import { E2E_SIGN_IN, sendViberWebhook, viberContact, viberConversationStarted, viberUserId } from '../support/sign-in-webhooks'

// As tests/e2e/server.ts configures the bot (its REST API is the local fake).
const { viberAuthToken: VIBER_AUTH_TOKEN, viberBotUri: VIBER_BOT_URI } = E2E_SIGN_IN

test('signing in with Viber: deep link with the code as context and its QR code, then the bot confirms the number the user shares', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login')
  const code = (await page.getByTestId('auth-code').textContent())!.trim()
  expect(code).toMatch(/^\d{6}$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Viber' })).toBeVisible()
  await expect(page.getByText(/press Share phone number/)).toBeVisible()
  const link = page.getByRole('link', { name: 'Open Viber' })
  await expect(link).toHaveAttribute('href', `viber://pa?chatURI=${VIBER_BOT_URI}&context=${code}`)
  await expect(page.getByRole('img', { name: /scan with your phone: Viber/i })).toBeVisible()

  // The viber: scheme has no handler here; what matters is the page accepting the terms and waiting.
  await page.evaluate(() =>
    document.addEventListener('click', (e) => (e.target as Element).closest('a[href^="viber:"]') && e.preventDefault(), true),
  )
  await link.click()
  await expect(page.getByText('Waiting for confirmation…').first()).toBeVisible()

  // What Viber sends when the user opens the link: the bot answers with the share-phone prompt.
  const ann = viberUserId()
  const started = await sendViberWebhook(baseURL!, VIBER_AUTH_TOKEN, viberConversationStarted(ann, code))
  expect(started.status).toBe(200)
  expect(started.body).toMatchObject({
    min_api_version: 3,
    keyboard: { Buttons: [expect.objectContaining({ ActionType: 'share-phone' })] },
  })

  // A contact from someone the bot did not ask confirms nothing: the page keeps waiting.
  const stranger = await sendViberWebhook(baseURL!, VIBER_AUTH_TOKEN, viberContact(viberUserId(), '380671230001'))
  expect(stranger.status).toBe(200)
  await page.waitForTimeout(4000)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Waiting for confirmation…').first()).toBeVisible()

  // Ann presses Share phone number.
  const contact = await sendViberWebhook(baseURL!, VIBER_AUTH_TOKEN, viberContact(ann, '380671230002'))
  expect(contact.status).toBe(200)
  await page.waitForURL('**/search', { timeout: 45_000 })
  expect(await page.evaluate(() => localStorage.getItem('phoneNumber'))).toBe('+380671230002')
})

test('a Viber callback with a wrong signature is refused and confirms nothing', async ({ baseURL }) => {
  const raw = viberContact(viberUserId(), '380671230003')
  const res = await sendViberWebhook(baseURL!, 'not-the-bot-token', raw)
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
})
