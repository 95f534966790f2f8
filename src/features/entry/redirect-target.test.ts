import { describe, expect, it } from 'vitest'
import { redirectTarget } from './redirect-target'

const APP = 'https://app.example.com'
const ALLOWED = ['https://pay.example.net']

describe('redirectTarget', () => {
  it('follows paths and addresses of this app', () => {
    expect(redirectTarget('/paywall', APP)).toBe('https://app.example.com/paywall')
    expect(redirectTarget('/number/491637875622?tab=1#top', APP)).toBe('https://app.example.com/number/491637875622?tab=1#top')
    expect(redirectTarget('settings', APP)).toBe('https://app.example.com/settings')
    expect(redirectTarget('https://app.example.com/search', APP)).toBe('https://app.example.com/search')
    // The same scheme without slashes is a path of this app (URL's relative form).
    expect(redirectTarget('https:evil.example', APP)).toBe('https://app.example.com/evil.example')
    // Encoded slashes stay a path of this app.
    expect(redirectTarget('/%2F%2Fevil.example', APP)).toBe('https://app.example.com/%2F%2Fevil.example')
    expect(redirectTarget('/%5Cevil.example', APP)).toBe('https://app.example.com/%5Cevil.example')
  })

  it('follows the origins of the allow-list (KEY_REDIRECT_HOSTS), and no other', () => {
    expect(redirectTarget('https://pay.example.net/checkout?x=1', APP, ALLOWED)).toBe('https://pay.example.net/checkout?x=1')
    expect(redirectTarget('https://pay.example.net:8443/', APP, ALLOWED)).toBeNull()
    expect(redirectTarget('http://pay.example.net/', APP, ALLOWED)).toBeNull()
    expect(redirectTarget('https://evil.pay.example.net/', APP, ALLOWED)).toBeNull()
    expect(redirectTarget('https://pay.example.net.evil.example/', APP, ALLOWED)).toBeNull()
  })

  it.each([
    'https://elsewhere.example/',
    'http://elsewhere.example',
    '//evil.example',
    '//evil.example/paywall',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    ' //evil.example',
    'http:evil.example',
    'http:/evil.example',
    'https:/\\evil.example',
    'HTTPS://EVIL.EXAMPLE',
    'https://app.example.com@evil.example/',
    'https://app.example.com.evil.example/',
    'https://app.example.com:444/',
    'http://app.example.com/',
    'javascript:alert(document.domain)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://app.example.com/uuid',
    'file:///etc/passwd',
    'https://user:pass@app.example.com/',
    'http://[::1]/',
    'https://%65vil.example/',
    'https://evil%2Eexample/',
    'https://app.example.com%2F@evil.example/',
  ])('refuses %j', (to) => {
    expect(redirectTarget(to, APP, ALLOWED)).toBeNull()
  })

  it('refuses what does not parse', () => {
    expect(redirectTarget('https://[bad', APP)).toBeNull()
    expect(redirectTarget('http://a b/', APP)).toBeNull()
  })
})
