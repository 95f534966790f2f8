import { expect, it } from 'vitest'
import { storeLink } from './not-enough-coins'

it('picks the store of the device', () => {
  expect(storeLink('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toMatch(/apps\.apple\.com/)
  expect(storeLink('Mozilla/5.0 (Linux; Android 12; HUAWEI P50) HMSCore')).toMatch(/appgallery/)
  expect(storeLink('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toMatch(/play\.google\.com/)
})
