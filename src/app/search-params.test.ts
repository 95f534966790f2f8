import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch, validateGlobalSearch } from './search-params'

describe('the address’s search params', () => {
  it('are written as plain strings, a number without quotes', () => {
    expect(stringifySearch({ number: '491637875622', tab: 'tier1' })).toBe('?number=491637875622&tab=tier1')
    expect(stringifySearch({ number: '+491637875622', theme: undefined })).toBe('?number=%2B491637875622')
    expect(stringifySearch({ page: 2 })).toBe('?page=2')
    expect(stringifySearch({})).toBe('')
  })

  it('read back as the same strings, whatever their digits', () => {
    for (const number of ['491637875622', '01637875622', '+491637875622', '12345678901234567890']) {
      expect(validateGlobalSearch(parseSearch(stringifySearch({ number })))).toEqual({ number })
    }
    expect(validateGlobalSearch(parseSearch('?key=123&apk=1&theme=dark'))).toEqual({ key: '123', apk: '1', theme: 'dark' })
  })

  it('read a value in quotes, as the router’s default wrote it, as the string inside', () => {
    expect(validateGlobalSearch(parseSearch('?number=%22491637875622%22&tab=%22tier1%22'))).toEqual({
      number: '491637875622',
      tab: 'tier1',
    })
    // A lone quote or a broken one is kept as it is (and then refused by the param's own check).
    expect(parseSearch('?tab=%22')).toEqual({ tab: '"' })
    expect(parseSearch('?tab=%22a%5C%22')).toEqual({ tab: '"a\\"' })
  })
})
