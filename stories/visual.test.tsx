/**
 * Visual references of the key screens in the four modes (light, dark, LTR, RTL),
 * rendered from the stories themselves. A change in how one of them looks fails here
 * until the reference is updated: `CHROME_PATH=/usr/bin/chromium npx vitest run --project visual -u`.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import { composeStories } from '@storybook/react-vite'
import * as header from './components/layout/header.stories'
import * as footer from './components/layout/footer.stories'
import * as modal from './components/layout/modal-container.stories'
import * as busyNotice from './components/layout/busy-notice.stories'
import * as numberView from './app/number-page/number-view.stories'
import * as login from './features/auth/login-screen.stories'
import * as search from './features/search/search-page.stories'
import * as settings from './features/settings/settings-page.stories'
import * as ownName from './features/account/own-name-form.stories'
import * as inbox from './features/notifications/notification-bell.stories'
import * as disputeForm from './features/disputes/dispute-form.stories'
import * as disputeBanner from './features/disputes/dispute-banner.stories'
import * as disputeQueue from './features/moderation/dispute-queue.stories'
import * as evidence from './features/number/evidence-card.stories'
import { MODES, type Mode } from './support/modes'

type Composed = Record<string, { run: (context?: { canvasElement?: HTMLElement }) => Promise<void> }>

interface Case {
  name: string
  stories: Composed
  /** The export name of the light LTR story; the other modes add Dark, Rtl, DarkRtl. */
  story: string
  /** The part of the screen to compare. */
  target: (canvas: HTMLElement) => Element | null
  /** Frame height when the part is taller than the default 900 px (the frame clips what lies below). */
  height?: number
  /** Parts that differ from run to run (the QR code of the test server's address); hidden, their space kept. */
  hide?: (canvas: HTMLElement) => Element[]
}

const main = (canvas: HTMLElement) => canvas.querySelector('main')

const CASES: Case[] = [
  { name: 'header-signed-in', stories: composeStories(header), story: 'SignedIn', target: (c) => c.querySelector('header') },
  {
    name: 'footer-signed-in',
    stories: composeStories(footer),
    story: 'SignedIn',
    target: (c) => c.querySelector('footer'),
    hide: (c) => [...c.querySelectorAll('footer svg[role="img"]')],
  },
  { name: 'number-view-rich', stories: composeStories(numberView), story: 'RichData', target: (c) => c.firstElementChild, height: 1600 },
  { name: 'login-ready-messengers', stories: composeStories(login), story: 'ReadyWithMessengers', target: main },
  { name: 'login-viber-and-call', stories: composeStories(login), story: 'ReadyWithViberAndCall', target: main, height: 1300 },
  { name: 'login-flashcall-number', stories: composeStories(login), story: 'FlashCallNumberToCall', target: main, height: 1300 },
  { name: 'search-signed-in-history', stories: composeStories(search), story: 'SignedInWithHistory', target: main },
  { name: 'settings-main', stories: composeStories(settings), story: 'Main', target: main },
  { name: 'settings-language', stories: composeStories(settings), story: 'Language', target: main, height: 1200 },
  { name: 'settings-privacy', stories: composeStories(settings), story: 'Privacy', target: main },
  { name: 'settings-full-delete', stories: composeStories(settings), story: 'FullDelete', target: main },
  { name: 'settings-notifications', stories: composeStories(settings), story: 'Notifications', target: main },
  { name: 'settings-advanced-ledger', stories: composeStories(settings), story: 'Payment', target: main, height: 2600 },
  {
    name: 'deactivation-done',
    stories: composeStories(settings),
    story: 'Deactivation',
    target: () => document.querySelector('[role="dialog"]'),
  },
  { name: 'own-name', stories: composeStories(ownName), story: 'Save', target: (c) => c.querySelector('[data-testid="own-name"]') },
  { name: 'inbox-open', stories: composeStories(inbox), story: 'Inbox', target: () => document.querySelector('[role="dialog"]') },
  {
    name: 'dispute-form-refused',
    stories: composeStories(disputeForm),
    story: 'AlreadyUnderReview',
    target: (c) => c.querySelector('[data-testid="dispute-form"]'),
  },
  {
    name: 'dispute-banner-upheld',
    stories: composeStories(disputeBanner),
    story: 'Upheld',
    target: (c) => c.querySelector('[data-testid="dispute-banner"]'),
  },
  { name: 'moderation-disputes', stories: composeStories(disputeQueue), story: 'AlreadyDecided', target: main, height: 1600 },
  { name: 'evidence-discounted', stories: composeStories(evidence), story: 'Discounted', target: (c) => c.firstElementChild },
  { name: 'modal-attention', stories: composeStories(modal), story: 'Attention', target: () => document.querySelector('[role="dialog"]') },
  {
    name: 'busy-notice-retrying',
    stories: composeStories(busyNotice),
    story: 'Retrying',
    target: (c) => c.querySelector('[data-testid="busy-notice"]'),
  },
]

const SUFFIX: Record<Mode, string> = { light: '', dark: 'Dark', rtl: 'Rtl', darkRtl: 'DarkRtl' }

let canvas: HTMLElement | undefined
afterEach(() => canvas?.remove())

for (const c of CASES) {
  describe(c.name, () => {
    for (const mode of Object.keys(MODES) as Mode[]) {
      test(mode, async () => {
        await page.viewport(1024, c.height ?? 900)
        canvas = document.createElement('div')
        document.body.append(canvas)
        const story = c.stories[`${c.story}${SUFFIX[mode]}`]
        expect(story, `${c.story}${SUFFIX[mode]} is exported`).toBeDefined()
        // Runs loaders, beforeEach (API stand-in, frozen clock) and the play function.
        await story.run({ canvasElement: canvas })
        await document.fonts.ready
        const target = c.target(canvas)
        expect(target, 'the part to compare is on screen').toBeTruthy()
        for (const el of c.hide?.(canvas) ?? []) (el as HTMLElement | SVGElement).style.visibility = 'hidden'
        await expect(page.elementLocator(target!)).toMatchScreenshot(`${c.name}-${mode}`)
      })
    }
  })
}
