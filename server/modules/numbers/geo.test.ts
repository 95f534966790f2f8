import { describe, expect, it } from 'vitest'
import { describeNumber, geoLanguages, placeSeparator } from './geo'

const NEW_JERSEY = '+12015550123'
const MOSCOW = '+74951234567'
const RIYADH = '+966112345678'
const JERUSALEM = '+97226234567'
const JIANGSU = '+8613812345678'

const regionOf = async (e164: string, locale: string) => (await describeNumber(e164, locale)).region

describe("a number's region line", () => {
  it('names the country and the place in English for an English reader', async () => {
    expect(await regionOf(NEW_JERSEY, 'en')).toBe('United States, New Jersey')
  })

  it('is all in the reader’s language: a place the data names only in English is left out in Russian, Arabic, Hebrew, Chinese', async () => {
    expect(await regionOf(NEW_JERSEY, 'ru')).toBe(new Intl.DisplayNames(['ru'], { type: 'region' }).of('US'))
    expect(await regionOf(NEW_JERSEY, 'ar-sa')).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('US'))
    expect(await regionOf(NEW_JERSEY, 'he-il')).toBe(new Intl.DisplayNames(['he'], { type: 'region' }).of('US'))
    expect(await regionOf(NEW_JERSEY, 'zh-hk')).toBe(new Intl.DisplayNames(['zh-HK'], { type: 'region' }).of('US'))
    for (const locale of ['ru', 'ar-sa', 'he-il', 'uk-ua', 'el-gr', 'hi-in', 'th-th', 'zh-cn']) {
      expect(await regionOf(NEW_JERSEY, locale), locale).not.toMatch(/[A-Za-z]/)
    }
  })

  it('keeps the place for a reader whose language is written in Latin letters', async () => {
    expect(await regionOf(NEW_JERSEY, 'in-id')).toBe('Amerika Serikat, New Jersey')
    expect(await regionOf(NEW_JERSEY, 'tr')).toMatch(/New Jersey$/)
  })

  it('names the place in the reader’s language where the data has it, joined as that language joins', async () => {
    expect(await regionOf(MOSCOW, 'ru')).toBe('Россия, Московская обл.')
    // Arabic joins with its own comma, not a Latin one.
    const riyadh = await regionOf(RIYADH, 'ar-sa')
    expect(riyadh).toBe('المملكة العربية السعودية، الرياض/الخرج')
    expect(riyadh).not.toContain(',')
    // Hebrew is `iw` in the data.
    expect(await regionOf(JERUSALEM, 'he-il')).toBe('ישראל, ירושלים')
    expect(await regionOf(JIANGSU, 'zh-cn')).toBe('中国、江苏省连云港市')
  })

  it('reads a locale the app does not speak, or no locale at all, in English', async () => {
    expect(await regionOf(NEW_JERSEY, '../../../../etc')).toBe('United States, New Jersey')
    expect(await regionOf(MOSCOW, 'ru_RU')).toBe('Россия, Московская обл.')
  })

  it('finds the data’s language folder for every locale of the app', () => {
    expect(geoLanguages('he-il')).toEqual(['iw'])
    expect(geoLanguages('in-id')).toEqual(['id'])
    expect(geoLanguages('zh-hk')).toEqual(['zh_Hant', 'zh'])
    expect(geoLanguages('zh-cn')).toEqual(['zh'])
    expect(geoLanguages('ru-RU')).toEqual(['ru'])
  })
})

describe('placeSeparator', () => {
  it('is what Intl.ListFormat puts between items, without a conjunction', () => {
    expect(placeSeparator('en')).toBe(', ')
    expect(placeSeparator('ru')).toBe(', ')
    expect(placeSeparator('ar-sa')).toBe('، ')
    expect(placeSeparator('zh-cn')).toBe('、')
    expect(placeSeparator('th-th')).toBe(' ')
  })
})
