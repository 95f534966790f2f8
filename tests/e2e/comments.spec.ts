import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { apiSignIn, openAs, WHOLE_PAGE } from './support'

const NUMBER = '491637875622'
const HOSTILE = '<script>alert(1)</script> & <b>bold</b>'

/** A signed-in browser context on the number page; any JavaScript dialog (an injected alert) fails the test. */
/** The number page, signed in as the token's user. */
async function openNumber(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const page = await openAs(browser, baseURL, token, `/number/${NUMBER}`, WHOLE_PAGE)
  await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
  return page
}

test('two users comment, reply, like, edit, report and delete; a private note stays private', async ({ browser, baseURL }) => {
  const tokenA = await apiSignIn(baseURL!, '+49 151 70000001')
  const tokenB = await apiSignIn(baseURL!, '+49 151 70000002')

  // A writes a comment with markup: it is shown as the literal text.
  const a = await openNumber(browser, baseURL!, tokenA)
  const commentsA = a.getByRole('region', { name: 'Comments' })
  await expect(commentsA.getByText('No comments yet. Be the first to say who called.')).toBeVisible()
  await commentsA.getByLabel('Write a comment').fill(HOSTILE)
  await expect(commentsA.getByText(`${HOSTILE.length} of 2,000 characters`)).toBeVisible()
  await commentsA.getByRole('button', { name: 'Post comment' }).click()
  const mineA = commentsA.getByTestId('comment')
  await expect(mineA).toHaveCount(1)
  await expect(mineA.getByTestId('comment-text')).toHaveText(HOSTILE)
  await expect(mineA.locator('b, script')).toHaveCount(0)
  await expect(a.getByTestId('comments-count')).toHaveText('1 comment')
  await expect(mineA.getByRole('button', { name: 'Edit' })).toBeVisible()
  await expect(mineA.getByTestId('comment-actions').getByRole('button', { name: 'Report' })).toHaveCount(0)
  await expect(commentsA.getByLabel('Write a comment')).toHaveCount(0)

  // B replies and likes it.
  const b = await openNumber(browser, baseURL!, tokenB)
  const commentB = b.getByRole('region', { name: 'Comments' }).getByTestId('comment')
  await expect(commentB.getByTestId('comment-text')).toHaveText(HOSTILE)
  await expect(commentB.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await commentB.getByRole('button', { name: 'Reply', exact: true }).click()
  await commentB.getByLabel('Your reply').fill('Same here,\nthey called twice')
  await commentB.getByRole('button', { name: 'Send reply' }).click()
  await expect(b.getByTestId('copied-toast')).toContainText('Reply posted')
  await expect(commentB.getByTestId('reply')).toContainText('they called twice')
  const like = commentB.getByTestId('comment-actions').getByRole('button', { name: 'Like (0)', exact: true })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await like.click()
  await expect(commentB.getByTestId('comment-actions').getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(commentB.getByTestId('comment-actions').getByRole('button', { name: 'Dislike (0)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  )

  // A reloads: one like (not A's own) and the reply.
  await a.reload()
  await expect(mineA.getByTestId('comment-actions').getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await mineA.getByRole('button', { name: 'Show replies (1)' }).click()
  await expect(mineA.getByTestId('reply-text')).toHaveText('Same here,\nthey called twice')

  // The community cards pass the WCAG 2.2 AA checks with a comment, a reply and the reply form open.
  await mineA.getByRole('button', { name: 'Reply', exact: true }).click()
  const axe = await new AxeBuilder({ page: a })
    .include('[data-testid="comments"]')
    .include('[data-testid="private-note"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await mineA.getByRole('button', { name: 'Cancel' }).click()

  // A edits the comment: the same comment, new text.
  await mineA.getByRole('button', { name: 'Edit' }).click()
  const edit = commentsA.getByLabel('Edit your comment')
  await expect(edit).toHaveValue(HOSTILE)
  await edit.fill('Debt collector, very rude')
  await commentsA.getByRole('button', { name: 'Save changes' }).click()
  await expect(mineA.getByTestId('comment-text')).toHaveText('Debt collector, very rude')
  await expect(a.getByTestId('comments-count')).toHaveText('1 comment')

  // B reports it and sees the confirmation.
  await commentB.getByTestId('comment-actions').getByRole('button', { name: 'Report' }).click()
  const sent = b.getByRole('dialog', { name: 'Report sent' })
  await expect(sent).toBeVisible()
  await expect(sent).toContainText('A moderator will review this comment.')
  await sent.getByRole('button', { name: 'Close' }).first().click()
  await expect(sent).toBeHidden()

  // A keeps a private note; B does not see it.
  const noteA = a.getByRole('region', { name: 'Private note' })
  await expect(noteA).toContainText('Only you can see this')
  await noteA.getByRole('button', { name: 'Add note' }).click()
  await noteA.getByLabel('Your private note about this number').fill('Ignore, it is the bank')
  await noteA.getByRole('button', { name: 'Save note' }).click()
  await expect(noteA.getByTestId('note-text')).toHaveText('Ignore, it is the bank')
  await a.reload()
  await expect(noteA.getByTestId('note-text')).toHaveText('Ignore, it is the bank')
  await b.reload()
  const noteB = b.getByRole('region', { name: 'Private note' })
  await expect(noteB).toContainText('You have no note on this number.')
  await expect(b.getByText('Ignore, it is the bank')).toHaveCount(0)

  // A deletes the comment after confirming: keeping it first changes nothing.
  await mineA.getByRole('button', { name: 'Delete' }).click()
  const confirm = a.getByRole('dialog', { name: 'Delete your comment?' })
  await confirm.getByRole('button', { name: 'Keep' }).click()
  await expect(confirm).toBeHidden()
  await expect(mineA).toHaveCount(1)
  await mineA.getByRole('button', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(commentsA.getByText('No comments yet. Be the first to say who called.')).toBeVisible()
  await expect(a.getByTestId('comments-count')).toHaveText('0 comments')
  await expect(commentsA.getByLabel('Write a comment')).toBeVisible()
})
