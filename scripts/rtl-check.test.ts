import { describe, expect, it } from 'vitest'
import { declarationsToFlip } from './rtl-check'

describe('rtl:check', () => {
  it('names each physical declaration that would not follow right-to-left', () => {
    const css = '.ml-2{margin-left:.5rem}.text-left{text-align:left}.a{padding:1px 2px 3px 4px}.b{color:red}'
    expect(declarationsToFlip(css)).toEqual([
      '.ml-2 { margin-left: .5rem }',
      '.text-left { text-align: left }',
      '.a { padding: 1px 2px 3px 4px }',
    ])
  })

  it('accepts logical properties and rules scoped to one direction', () => {
    const css = [
      '.ms-2{margin-inline-start:.5rem}.start-0{inset-inline-start:0}.text-start{text-align:start}',
      '.rtl\\:x:where(:dir(rtl),[dir=rtl],[dir=rtl] *){left:0;translate:50%}',
      '.phone{direction:ltr;unicode-bidi:isolate}@keyframes spin{to{transform:rotate(360deg)}}',
      '@layer utilities{.ltr\\:y:where(:dir(ltr),[dir=ltr],[dir=ltr] *){margin-right:1px}}',
    ].join('')
    expect(declarationsToFlip(css)).toEqual([])
  })
})
