import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiSignIn, bearer, openAs, WHOLE_PAGE } from './support'

const OWNER = '+49 151 76000001'
const OWNER_DIGITS = '4915176000001'
const ALICE = '+49 151 76000002'
const BOB = '+49 151 76000003'

async function comment(request: APIRequestContext, token: string, text: string) {
  const res = await request.post('/api/v7/comment/add', { headers: bearer(token), form: { phone: OWNER_DIGITS, text } })
  expect(res.status(), await res.text()).toBe(200)
}

test('the owner pins a review; a reply is written, edited and deleted by its author, and others cannot', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await apiSignIn(baseURL!, OWNER)
  const alice = await apiSignIn(baseURL!, ALICE)
  const bob = await apiSignIn(baseURL!, BOB)
  await comment(request, alice, 'Alice: my neighbour, friendly')
  await comment(request, bob, 'Bob: called twice about a parcel')

  // The owner of the number pins Bob's review: it moves to the top with a badge.
  const o = await openAs(browser, baseURL!, owner, `/number/${OWNER_DIGITS}`, WHOLE_PAGE)
  const list = o.getByRole('region', { name: 'Comments' }).getByTestId('comment')
  await expect(list).toHaveCount(2)
  const bobs = list.filter({ hasText: 'Bob: called twice' })
  await bobs.getByRole('button', { name: 'Pin', exact: true }).click()
  await expect(list.first()).toContainText('Bob: called twice')
  await expect(list.first()).toContainText('Pinned')
  await o.reload()
  await expect(list.first()).toContainText('Pinned')

  // Someone who does not own the number is offered no pinning.
  const a = await openAs(browser, baseURL!, alice, `/number/${OWNER_DIGITS}`, WHOLE_PAGE)
  const aList = a.getByRole('region', { name: 'Comments' }).getByTestId('comment')
  await expect(aList.first()).toContainText('Bob: called twice')
  await expect(a.getByRole('button', { name: 'Pin', exact: true })).toHaveCount(0)
  const bobsId = String(await aList.first().getAttribute('data-comment-id'))
  expect((await request.post('/api/v6/comment/pin', { headers: bearer(alice), form: { comment_id: bobsId } })).status()).toBe(403)

  // Alice replies to Bob, then edits her reply.
  const onBob = aList.filter({ hasText: 'Bob: called twice' })
  await onBob.getByRole('button', { name: 'Reply', exact: true }).click()
  await onBob.getByLabel('Your reply').fill('Same parcel story here')
  await onBob.getByRole('button', { name: 'Send reply' }).click()
  const reply = onBob.getByTestId('reply')
  await expect(reply.getByTestId('reply-text')).toHaveText('Same parcel story here')
  await reply.getByRole('button', { name: 'Edit', exact: true }).click()
  await reply.getByLabel('Edit your reply').fill('Same parcel story here, twice')
  await reply.getByRole('button', { name: 'Save changes' }).click()
  await expect(reply.getByTestId('reply-text')).toHaveText('Same parcel story here, twice')

  // Bob sees the reply and may not edit or delete it.
  const b = await openAs(browser, baseURL!, bob, `/number/${OWNER_DIGITS}`, WHOLE_PAGE)
  const bobsOwn = b.getByRole('region', { name: 'Comments' }).getByTestId('comment').filter({ hasText: 'Bob: called twice' })
  await bobsOwn.getByRole('button', { name: /Show replies/ }).click()
  const seen = bobsOwn.getByTestId('reply')
  await expect(seen.getByTestId('reply-text')).toHaveText('Same parcel story here, twice')
  await expect(seen.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0)
  await expect(seen.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0)
  const replyId = Number(await seen.getAttribute('data-reply-id'))
  expect(
    (await request.post('/api/v13/comment/thread/delete', { headers: bearer(bob), form: { thread_id: String(replyId) } })).status(),
  ).toBe(403)

  // Alice deletes it after confirming; it is gone for everyone.
  await reply.getByRole('button', { name: 'Delete', exact: true }).click()
  const confirm = a.getByRole('dialog', { name: 'Delete your reply?' })
  await expect(confirm).toContainText('The reply will be removed.')
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(onBob.getByTestId('reply')).toHaveCount(0)
  await b.reload()
  await expect(b.getByRole('region', { name: 'Comments' }).getByTestId('reply')).toHaveCount(0)
  await expect(b.getByRole('button', { name: /Show replies/ })).toHaveCount(0)
})
