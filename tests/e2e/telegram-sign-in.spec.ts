import { expect, test } from '@playwright/test'

test('signing in with Telegram: deep link and QR code, then the bot webhook confirms the number', async ({ page, context, request }) => {
  // t.me is outside this machine: the new tab the link opens is answered locally.
  await context.route('https://t.me/**', (route) => route.fulfill({ status: 200, body: 'Telegram' }))
  await page.goto('/login')
  const code = (await page.getByTestId('auth-code').textContent())!.trim()
  expect(code).toMatch(/^\d{6}$/)
  const link = page.getByRole('link', { name: 'Open Telegram' })
  await expect(link).toHaveAttribute('href', `https://t.me/callerid_e2e_bot?start=${code}`)
  await expect(page.getByRole('img', { name: /scan with your phone: Telegram/i })).toBeVisible()

  const popup = context.waitForEvent('page')
  await link.click()
  await (await popup).close()
  await expect(page.getByText('Waiting for confirmation…').first()).toBeVisible()

  // What Telegram sends when the user presses Start and then shares their contact.
  const headers = { 'x-telegram-bot-api-secret-token': 'e2e-telegram-secret' }
  const chat = { id: 777000111, type: 'private' }
  const from = { id: 777000111, first_name: 'Ann' }
  const start = await request.post('/api/v6/auth/webhook/telegram', {
    headers,
    data: {
      update_id: 9000001,
      message: { message_id: 1, from, chat, text: `/start ${code}`, entities: [{ type: 'bot_command', offset: 0, length: 6 }] },
    },
  })
  expect(start.status()).toBe(200)
  const contact = await request.post('/api/v6/auth/webhook/telegram', {
    headers,
    data: {
      update_id: 9000002,
      message: { message_id: 2, from, chat, contact: { phone_number: '4917612345678', first_name: 'Ann', user_id: 777000111 } },
    },
  })
  expect(contact.status()).toBe(200)

  await page.waitForURL('**/search', { timeout: 45_000 })
  expect(await page.evaluate(() => localStorage.getItem('phoneNumber'))).toBe('+4917612345678')
})

test('a webhook call without the secret token is refused', async ({ request }) => {
  const res = await request.post('/api/v6/auth/webhook/telegram', { data: { update_id: 1 } })
  expect(res.status()).toBe(401)
  expect((await res.json()).status).toBe(false)
})
