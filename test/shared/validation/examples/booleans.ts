import type { Examples, MessageCase } from '../helpers'

export const booleanExamples: Examples = {
  mustBeTrue: [{ valid: [true], invalid: [false, undefined, null, '', 'true', 'on', 1, [true]] }],
  mustBeFalse: [{ valid: [false, undefined, null, ''], invalid: [true, 'false', 'off', 0, 1, [false]] }],
}

export const booleanMessages: MessageCase[] = [
  { id: 'mustBeTrue', value: false, ja: 'チェックを入れてください。', en: 'Please check.' },
  { id: 'mustBeFalse', value: true, ja: 'チェックを外してください。', en: 'Please uncheck.' },
]
