import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiSignIn, bearer, openAs, WHOLE_PAGE } from './support'

// The moderator is made by tests/e2e/fixtures/moderation.ts at server start.
const MODERATOR = '+49 151 72000001'
const AUTHOR = '+49 151 72000002'
const COMPLAINER = '+49 151 72000003'
const NUMBER = '493072000099'
// As the page writes a number into text: isolated left to right (U+2066 … U+2069).
const SHOWN = '\u2066+49 30 72000099\u2069'
const BANNED_HERE =
  'You cannot post on this number: moderators removed your texts here twice after complaints, so you can no longer add comments, replies or name suggestions here.'

async function comment(request: APIRequestContext, token: string, text: string, phone = NUMBER): Promise<number> {
  const res = await request.post('/api/v7/comment/add', { headers: bearer(token), form: { phone, text } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).data.id as number
}

async function complain(
  request: APIRequestContext,
  token: string,
  commentId: number,
  message: string,
  type: 'comment' | 'thread' = 'comment',
): Promise<number> {
  const res = await request.post('/api/v6/complaint/add', {
    headers: bearer(token),
    form: { target_type: type, target_id: commentId, name: 'Alex A', email: 'alex@example.com', message },
  })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).data.id as number
}

test('a moderator removes a text twice after complaints; its author can no longer post on that number', async ({
  browser,
  request,
  baseURL,
}) => {
  const modToken = await apiSignIn(baseURL!, MODERATOR)
  const authorToken = await apiSignIn(baseURL!, AUTHOR)
  const complainerToken = await apiSignIn(baseURL!, COMPLAINER)

  const first = '<b>Scam</b> call from Alex, he owes me money'
  const commentId = await comment(request, authorToken, first)
  const firstComplaint = await complain(
    request,
    complainerToken,
    commentId,
    'Name: Alex A\nEmail: alex@example.com\nMessage: This names me and is false.',
  )

  // The moderator finds it in the header menu and opens the page.
  const mod = await openAs(browser, baseURL!, modToken, '/search', WHOLE_PAGE)
  await mod.getByRole('button', { name: 'More actions' }).click()
  await mod.getByRole('menuitem', { name: 'Moderation' }).click()
  await expect(mod).toHaveURL(/\/moderation$/)
  await expect(mod.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
  const item = mod.getByRole('article', { name: `Complaint #${firstComplaint}`, exact: true })
  await expect(item.getByText(first, { exact: true })).toBeVisible()
  await expect(item.locator('b')).toHaveCount(0)
  await expect(item.getByText(`On ${SHOWN}`)).toBeVisible()
  await expect(item.getByText(/Message: This names me and is false\./)).toBeVisible()

  const axe = await new AxeBuilder({ page: mod })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await item.getByRole('button', { name: 'Remove text' }).click()
  await item.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'Text removed' })).toHaveText(
    `Text removed from ${SHOWN}. Its author has 1 removal after complaints there.`,
  )
  await expect(item).toHaveCount(0)

  // The author posts again on the same number (the same comment comes back); another complaint.
  const again = 'Alex called again, still a scam'
  expect(await comment(request, authorToken, again)).toBe(commentId)
  const secondComplaint = await complain(request, complainerToken, commentId, 'Still about me, please remove.')
  await mod.reload()
  const second = mod.getByRole('article', { name: `Complaint #${secondComplaint}`, exact: true })
  await expect(second.getByText(again, { exact: true })).toBeVisible()
  await expect(second.getByText('Author: 1 removal after complaints on this number')).toBeVisible()
  await expect(second.getByText('Text removed by moderator', { exact: false })).toBeVisible()
  await second.getByRole('button', { name: 'Remove text' }).click()
  await second.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'Text removed' })).toHaveText(
    `Text removed from ${SHOWN}. Its author has 2 removals after complaints there and can no longer post on this number.`,
  )
  // Handled, it leaves the open list (other tests' reports may still be there).
  await expect(second).toHaveCount(0)

  // The resolved list keeps both, with the author's ban and the actions taken.
  await mod.getByRole('button', { name: 'Resolved' }).click()
  await expect(mod).toHaveURL(/status=closed/)
  const closed = mod.getByRole('article', { name: `Complaint #${secondComplaint}`, exact: true })
  await expect(closed.getByText('Can no longer post on this number')).toBeVisible()
  await expect(closed.getByRole('listitem')).toHaveCount(2)
  await expect(mod.getByRole('article', { name: `Complaint #${firstComplaint}`, exact: true })).toBeVisible()

  // The author opens the number in the browser: no comment box, no name suggestion, and why not (issue 29).
  const author = await openAs(browser, baseURL!, authorToken, `/number/${NUMBER}`, WHOLE_PAGE)
  const comments = author.getByRole('region', { name: 'Comments' })
  await expect(comments.getByRole('note')).toHaveText(BANNED_HERE)
  await expect(comments.getByTestId('comments-count')).toBeVisible()
  await expect(comments.getByLabel('Write a comment')).toHaveCount(0)
  await expect(comments.getByTestId('comment-form')).toHaveCount(0)
  await expect(comments.getByRole('button', { name: 'Post comment' })).toHaveCount(0)
  await expect(author.getByRole('button', { name: 'Suggest a name' })).toHaveCount(0)
  // Someone else still gets the comment box and the name suggestion on the same number.
  const other = await openAs(browser, baseURL!, complainerToken, `/number/${NUMBER}`, WHOLE_PAGE)
  await expect(other.getByRole('region', { name: 'Comments' }).getByLabel('Write a comment')).toBeVisible()
  await expect(other.getByRole('button', { name: 'Suggest a name' })).toBeVisible()
  await expect(other.getByRole('region', { name: 'Comments' }).getByRole('note')).toHaveCount(0)
  // The server refuses every text there all the same: a comment and a name.
  const refused = await request.post('/api/v7/comment/add', { headers: bearer(authorToken), form: { phone: NUMBER, text: 'via the API' } })
  expect(refused.status()).toBe(403)
  const named = await request.post('/api/v6/suggest/add', { headers: bearer(authorToken), form: { phone: NUMBER, first_name: 'Liar' } })
  expect(named.status()).toBe(403)
  expect((await named.json()).message).toMatch(/can no longer post on this number/)
})

test('banned while the number page is open: the refused comment gives way to the reason, which takes the focus (issue 33)', async ({
  browser,
  request,
  baseURL,
}) => {
  const LATE_AUTHOR = '+49 151 72000005'
  const LATE_NUMBER = '493072000096'
  const modToken = await apiSignIn(baseURL!, MODERATOR)
  const authorToken = await apiSignIn(baseURL!, LATE_AUTHOR)
  const complainerToken = await apiSignIn(baseURL!, COMPLAINER)
  const remove = async (type: 'comment' | 'thread', id: number, complaintId: number) => {
    const res = await request.post('/api/v6/moderation/remove', {
      headers: bearer(modToken),
      form: { target_type: type, target_id: id, reason: 'complaint', complaint_id: complaintId },
    })
    expect(res.status(), await res.text()).toBe(200)
    return (await res.json()).data as { removalsAfterComplaint: number; postingBanned: boolean }
  }
  // A first text removed after a complaint; a reply of theirs complained about, not yet removed.
  const first = await comment(request, authorToken, 'Rude words about the owner', LATE_NUMBER)
  expect(await remove('comment', first, await complain(request, complainerToken, first, 'Please remove.'))).toMatchObject({
    postingBanned: false,
  })
  const host = await comment(request, complainerToken, 'A fair review', LATE_NUMBER)
  const replied = await request.post('/api/v13/comment/thread/add', {
    headers: bearer(authorToken),
    form: { reply_to: host, text: 'Rude reply' },
  })
  expect(replied.status(), await replied.text()).toBe(200)
  const reply = (await replied.json()).data.id as number
  const replyComplaint = await complain(request, complainerToken, reply, 'This one too.', 'thread')

  // Not banned yet: the page offers the comment box, a reply and a name suggestion.
  const page = await openAs(browser, baseURL!, authorToken, `/number/${LATE_NUMBER}`, WHOLE_PAGE)
  const comments = page.getByRole('region', { name: 'Comments' })
  await expect(comments.getByLabel('Write a comment')).toBeVisible()
  await expect(comments.getByRole('button', { name: 'Reply', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Suggest a name' })).toBeVisible()
  // Meanwhile the reply is removed: the second removal after a complaint bans them on this number.
  expect(await remove('thread', reply, replyComplaint)).toMatchObject({ removalsAfterComplaint: 2, postingBanned: true })

  await comments.getByLabel('Write a comment').fill('Let me say it again')
  await comments.getByRole('button', { name: 'Post comment' }).click()
  // Refused: the page learns of the ban and shows the reason instead of every form, focused for a screen reader.
  const reason = comments.getByRole('note')
  await expect(reason).toHaveText(BANNED_HERE)
  await expect(reason).toBeFocused()
  await expect(comments.getByTestId('comment-form')).toHaveCount(0)
  await expect(comments.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Suggest a name' })).toHaveCount(0)
  await page.context().close()
})

test('a moderator removes one reported contact name and edits another (issue 33); the number shows the change', async ({
  browser,
  request,
  baseURL,
}) => {
  const SAVER = '+49 151 72000004'
  const NAMED = '+493072000098'
  const RENAMED = '+493072000097'
  // As the page writes the number into text.
  const NAMED_SHOWN = '\u2066+49 30 72000098\u2069'
  const modToken = await apiSignIn(baseURL!, MODERATOR)
  const saverToken = await apiSignIn(baseURL!, SAVER)
  const reporterToken = await apiSignIn(baseURL!, COMPLAINER)
  const book = `Name,Phone\nRude Name,${NAMED}\nWrong Name,${RENAMED}\n`
  const upload = await request.post('/api/v6/contacts/upload', {
    headers: bearer(saverToken),
    multipart: { file: { name: 'book.csv', mimeType: 'text/csv', buffer: Buffer.from(book) } },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const names = async (phone: string) => {
    const res = await request.get('/api/v6/contacts/by-phone', { headers: bearer(reporterToken), params: { phone } })
    expect(res.status(), await res.text()).toBe(200)
    return (await res.json()).data.contacts as Array<{ firstName: string | null; lastName: string | null; name_hash: string }>
  }
  async function report(phone: string): Promise<number> {
    const [name] = await names(phone)
    const res = await request.post('/api/v6/report/contact', {
      headers: bearer(reporterToken),
      form: {
        phone,
        name_hash: name.name_hash,
        first_name: name.firstName ?? '',
        last_name: name.lastName ?? '',
        report_text: 'Not a name for a person',
      },
    })
    expect(res.status(), await res.text()).toBe(200)
    return (await res.json()).data.id as number
  }
  const removeId = await report(NAMED)
  const editId = await report(RENAMED)

  const mod = await openAs(browser, baseURL!, modToken, '/moderation', WHOLE_PAGE)
  const removing = mod.getByRole('article', { name: `Report #${removeId}`, exact: true })
  await expect(removing.getByRole('heading', { name: 'Reported name' })).toBeVisible()
  await expect(removing.getByText(`On ${NAMED_SHOWN}`)).toBeVisible()
  await expect(removing.getByText('Rude Name', { exact: true }).first()).toBeVisible()
  await expect(removing.getByText(/no text to remove or edit/)).toHaveCount(0)
  await removing.getByRole('button', { name: 'Remove text' }).click()
  await expect(removing.getByText(/Remove this name from the number\?/)).toBeVisible()
  await removing.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'Name removed' })).toHaveText(`Name removed from ${NAMED_SHOWN}.`)
  await expect(removing).toHaveCount(0)
  expect(await names(NAMED)).toEqual([])

  const editing = mod.getByRole('article', { name: `Report #${editId}`, exact: true })
  await editing.getByRole('button', { name: 'Edit text' }).click()
  await editing.getByLabel('New text').fill('Acme Support')
  await editing.getByRole('button', { name: 'Save text' }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'Text saved.' })).toBeVisible()
  await expect.poll(async () => (await names(RENAMED)).map((n) => n.firstName)).toEqual(['Acme Support'])

  // The removed name stays in the resolved list, struck, with the action in its log.
  await mod.getByRole('button', { name: 'Resolved' }).click()
  const closed = mod.getByRole('article', { name: `Report #${removeId}`, exact: true })
  await expect(closed.getByText('Removed', { exact: true })).toBeVisible()
  await expect(closed.getByText('Text removed by moderator', { exact: false })).toBeVisible()
})

test('someone without a moderator role sees that the page is not for them, and the API refuses', async ({ browser, request, baseURL }) => {
  const token = await apiSignIn(baseURL!, COMPLAINER)
  const page = await openAs(browser, baseURL!, token, '/moderation', WHOLE_PAGE)
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: 'Only moderators and administrators can open this page' })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
  await expect(page.getByRole('group', { name: 'Which items to show' })).toHaveCount(0)
  await page.getByRole('button', { name: 'More actions' }).click()
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0)

  for (const res of [
    await request.get('/api/v6/moderation/queue', { headers: bearer(token) }),
    await request.post('/api/v6/moderation/remove', { headers: bearer(token), form: { target_type: 'comment', target_id: 1 } }),
    await request.post('/api/v6/moderation/resolve', { headers: bearer(token), form: { kind: 'complaint', id: 1, status: 'resolved' } }),
  ]) {
    expect(res.status()).toBe(403)
    expect((await res.json()).status).toBe(false)
  }
  // Signed out, the page sends you to sign in.
  const anonymous = await browser.newPage({ baseURL })
  await anonymous.goto('/moderation')
  await expect(anonymous).toHaveURL(/\/login/)
})
