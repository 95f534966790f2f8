import { expect, test, type Page } from '@playwright/test'
import { E2E_SIGN_IN, sendTwilioVoiceWebhook, twilioVoiceParams } from '../support/sign-in-webhooks'

// As tests/e2e/server.ts configures Twilio's inbound voice webhook.
const { twilioAuthToken: TWILIO_AUTH_TOKEN, voiceNumber: VOICE_NUMBER } = E2E_SIGN_IN
const VOICE_NUMBER_SHOWN = '+1 415 555 0109'

/** The flash call form of the sign-in page, its number field and its button. */
function flashCall(page: Page) {
  const form = page.getByRole('form', { name: 'Sign in with a call' })
  return {
    form,
    field: form.getByRole('textbox', { name: 'Your phone number with country code' }),
    ask: form.getByRole('button', { name: 'Get the number to call' }),
  }
}

test('signing in with a call: the typed number, the number to call, then Twilio’s webhook for the call from it', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login')
  await expect(page.getByTestId('auth-code')).toHaveText(/^\d{6}$/)
  const { form, field, ask } = flashCall(page)

  // Not a number of any numbering plan: said on the page, nothing asked of the server.
  await field.pressSequentially('+1 415')
  await ask.click()
  await expect(form.getByRole('alert')).toHaveText(/not a valid phone number/)
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  // Typed as people type it, shown in international format as they go; sent with Enter.
  await field.fill('')
  await field.pressSequentially('14155550166')
  await expect(field).toHaveValue('+1 415 555 0166')
  await field.press('Enter')

  // The number to call: international format, left to right, a tel: link that has the focus.
  const call = page.getByRole('link', { name: `Call ${VOICE_NUMBER_SHOWN}` })
  await expect(call).toHaveAttribute('href', `tel:${VOICE_NUMBER}`)
  await expect(call).toHaveAttribute('dir', 'ltr')
  await expect(call).toHaveText(VOICE_NUMBER_SHOWN)
  await expect(call).toBeFocused()
  await expect(page.getByText(`Call \u2066${VOICE_NUMBER_SHOWN}\u2069 from \u2066+1 415 555 0166\u2069 now.`)).toBeVisible()
  await expect(page.getByText('Waiting for confirmation…').first()).toBeVisible()

  // A call from another number is rejected and confirms nothing.
  const other = await sendTwilioVoiceWebhook(baseURL!, TWILIO_AUTH_TOKEN, twilioVoiceParams('+14155550167', VOICE_NUMBER))
  expect(other.status).toBe(200)
  await page.waitForTimeout(4000)
  await expect(page).toHaveURL(/\/login$/)

  // The call from the typed number: Twilio is told to reject it (it costs nothing), and the page signs in.
  const res = await sendTwilioVoiceWebhook(
    baseURL!,
    TWILIO_AUTH_TOKEN,
    twilioVoiceParams('+14155550166', VOICE_NUMBER, { stirVerstat: 'TN-Validation-Passed-A' }),
  )
  expect(res.status).toBe(200)
  expect(res.contentType).toMatch(/xml/)
  expect(res.body).toContain('<Reject')
  await page.waitForURL('**/search', { timeout: 45_000 })
  expect(await page.evaluate(() => localStorage.getItem('phoneNumber'))).toBe('+14155550166')
})

test('a call whose caller id the carrier could not verify is refused: the page says so and offers a new code', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login')
  const first = (await page.getByTestId('auth-code').textContent())!.trim()
  const { field, ask } = flashCall(page)
  await field.pressSequentially('+1 415 555 0168')
  await ask.click()
  await expect(page.getByRole('link', { name: `Call ${VOICE_NUMBER_SHOWN}` })).toBeVisible()

  const res = await sendTwilioVoiceWebhook(
    baseURL!,
    TWILIO_AUTH_TOKEN,
    twilioVoiceParams('+14155550168', VOICE_NUMBER, { stirVerstat: 'TN-Validation-Failed-A' }),
  )
  expect(res.status).toBe(200)
  const alert = page.getByRole('alert').filter({ hasText: 'could not confirm that the call came from your number' })
  await expect(alert).toBeVisible({ timeout: 20_000 })
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

  await alert.getByRole('button', { name: 'Get a new code' }).click()
  await expect(page.getByTestId('auth-code')).not.toHaveText(first)
  await expect(flashCall(page).field).toHaveValue('')
})

test('two sign-ins bound to one number: the call confirms neither, both pages say so and offer a new code', async ({
  page,
  browser,
  baseURL,
}) => {
  // Another browser (an attacker who knows only the number) binds a code of its own to it too (ADR 0047).
  const other = await browser.newPage()
  try {
    const pages = [page, other]
    for (const p of pages) {
      await p.goto(`${baseURL}/login`)
      await expect(p.getByTestId('auth-code')).toHaveText(/^\d{6}$/)
      const { field, ask } = flashCall(p)
      await field.pressSequentially('+1 415 555 0171')
      await ask.click()
      await expect(p.getByRole('link', { name: `Call ${VOICE_NUMBER_SHOWN}` })).toBeVisible()
    }
    const first = (await page.getByTestId('auth-code').textContent())!.trim()

    const res = await sendTwilioVoiceWebhook(
      baseURL!,
      TWILIO_AUTH_TOKEN,
      twilioVoiceParams('+14155550171', VOICE_NUMBER, { stirVerstat: 'TN-Validation-Passed-A' }),
    )
    expect(res.status).toBe(200)
    for (const p of pages) {
      const alert = p.getByRole('alert').filter({ hasText: 'Someone else started signing in with this number at the same time' })
      await expect(alert).toBeVisible({ timeout: 20_000 })
      await expect(alert).toContainText('choose another method')
      expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull()
    }
    await page.getByRole('alert').getByRole('button', { name: 'Get a new code' }).click()
    await expect(page.getByTestId('auth-code')).not.toHaveText(first)
    await expect(flashCall(page).field).toHaveValue('')
  } finally {
    await other.close()
  }
})

test('the voice webhook without Twilio’s signature is refused', async ({ baseURL }) => {
  const res = await fetch(`${baseURL}/api/v6/auth/webhook/voice`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(twilioVoiceParams('+14155550169', VOICE_NUMBER)).toString(),
  })
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
})
