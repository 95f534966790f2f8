// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { restoreFrameFocus, watchFrameFocus } from './shell-focus'

describe('focus across the app taking over the server’s frame', () => {
  let stop = () => {}
  afterEach(() => {
    stop()
    document.body.innerHTML = ''
  })

  it('gives the app’s control of the same address the focus the frame’s one had', () => {
    document.body.innerHTML =
      '<div id="root"><div data-shell=""><a href="#main">Skip to content</a><main id="main" tabindex="-1"></main></div></div>'
    stop = watchFrameFocus()
    document.querySelector<HTMLElement>('[data-shell] a')!.focus()
    // The app's first render replaces the frame; the browser drops focus to the body.
    document.getElementById('root')!.innerHTML = '<div><a href="#main">Skip to content</a><main id="main" tabindex="-1"></main></div>'
    expect(document.activeElement).toBe(document.body)
    restoreFrameFocus()
    expect(document.activeElement).toBe(document.querySelector('#root a'))
  })

  it('leaves focus alone when nothing in the frame had it, or when it is somewhere already', () => {
    document.body.innerHTML = '<div id="root"><div data-shell=""><main id="main" tabindex="-1"></main></div></div><input id="outside">'
    stop = watchFrameFocus()
    document.getElementById('root')!.innerHTML = '<main id="main" tabindex="-1"></main>'
    restoreFrameFocus()
    expect(document.activeElement).toBe(document.body)

    document.getElementById('root')!.innerHTML = '<div data-shell=""><main id="main" tabindex="-1"></main></div>'
    document.getElementById('main')!.focus()
    document.getElementById('root')!.innerHTML = '<main id="main" tabindex="-1"></main>'
    document.getElementById('outside')!.focus()
    restoreFrameFocus()
    expect(document.activeElement).toBe(document.getElementById('outside'))
  })
})
