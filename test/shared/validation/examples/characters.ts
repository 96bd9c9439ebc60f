import type { Examples, MessageCase } from '../helpers'

const NFD_GA = 'か\u3099' // が written with a combining voiced sound mark
const NFD_GA_KATA = 'カ\u3099'

export const characterExamples: Examples = {
  halfWidth: [{ valid: ['abc 123 !~', 'ｱｲｳｴｵ', 'ｶﾞ', ' '], invalid: ['ａｂｃ', '１２３', 'あ', 'abc\n', 'a\tb', '𠮷', 'é', '\u3000'] }],
  digits: [{ valid: ['0', '0123456789', 12], invalid: ['１２３', '12a', '-1', '1.5', '12 ', '12\n', '٣', '²', 1.5, true] }],
  letters: [{ valid: ['abcXYZ'], invalid: ['ａｂｃ', 'abc1', 'é', 'ab c', 'ß', 'abc\n'] }],
  upperCase: [{ valid: ['ABC'], invalid: ['ABc', 'ＡＢＣ', 'AB1', 'É', 'AB\n'] }],
  lowerCase: [{ valid: ['abc'], invalid: ['abC', 'ａｂｃ', 'ab1', 'é', 'ﬀ', 'ab\n'] }],
  alphanumeric: [{ valid: ['abc123', 'ABC', '007', 7], invalid: ['abc-123', 'ａｂｃ１２３', 'abc 123', 'abc_', 'abc\n'] }],
  alphanumericLength: [
    { params: [4], valid: ['ab12', 'ABCD', 1234], invalid: ['ab1', 'ab123', 'ab-1', 'ａｂ１２', 'ab1\n'] },
    { params: [1], valid: ['a'], invalid: ['ab', '-'] },
  ],
  digitsHyphen: [{ valid: ['03-1234-5678', '-', '123'], invalid: ['03－1234－5678', '03ー1234', '03 1234', '０３-1234', '03-1234\n', 'a-1'] }],
  digitsLength: [
    { params: [4], valid: ['0123', 1234], invalid: ['123', '12345', '１２３４', '12a4', '1234\n', 123] },
    { params: [13], valid: ['1234567890123'], invalid: ['123456789012', '12345678901234'] },
  ],
  digitsMin: [{ params: [4], valid: ['1234', '123456789'], invalid: ['123', '１２３４', '123a', '12 34'] }],
  digitsMax: [{ params: [4], valid: ['1', '1234'], invalid: ['12345', '１２', '12a', '-1'] }],
  hiragana: [{ valid: ['ひらがな', 'らーめん', 'ゝゞ', 'ぁゖ', NFD_GA], invalid: ['カタカナ', 'ひら がな', 'ひらがなA', 'ﾋﾗｶﾞﾅ', '漢字', 'ひらがな\n', 'ひら、がな'] }],
  katakana: [{ valid: ['カタカナ', 'ジョン・スミス', 'ヴァ', 'ヽヾ', 'ㇰㇱ', NFD_GA_KATA], invalid: ['ｶﾀｶﾅ', 'ひらがな', 'カタ カナ', 'カタカナ\n', '漢字', 'ABC'] }],
  kana: [{ valid: ['ひらがなカタカナ', 'やまだタロウ', 'らーめん'], invalid: ['ひらがなｶﾀｶﾅ', '山田たろう', 'やまだ たろう', 'abc', 'かな\n'] }],
  digitsHyphenDigits: [
    { params: [3, 4], valid: ['123-4567', '000-0000'], invalid: ['1234567', '12-34567', '123-456', '１２３-４５６７', '123－4567', '123-4567\n', '123--4567'] },
    { params: [4, 2], valid: ['2024-01'], invalid: ['202-401'] },
  ],
}

export const characterMessages: MessageCase[] = [
  { id: 'halfWidth', value: 'あ', ja: '半角文字で入力してください。', en: 'Please enter half-width characters only.' },
  { id: 'digits', value: '１', ja: '半角数字で入力してください。', en: 'Numeric Only' },
  { id: 'letters', value: '1', ja: '半角英字で入力してください。', en: 'Please enter letters (A-Z, a-z) only.' },
  { id: 'upperCase', value: 'a', ja: '半角英大文字で入力してください。', en: 'Please enter upper-case letters (A-Z) only.' },
  { id: 'lowerCase', value: 'A', ja: '半角英小文字で入力してください。', en: 'Please enter lower-case letters (a-z) only.' },
  { id: 'alphanumeric', value: '-', ja: '半角英数字で入力してください。', en: 'Please enter letters and digits only.' },
  { id: 'alphanumericLength', params: [8], value: 'a', ja: '半角英数字8文字で入力してください。', en: 'Please enter 8 letters or digits.' },
  { id: 'digitsHyphen', value: 'a', ja: '半角数字とハイフンで入力してください。', en: 'Please enter digits and hyphens only.' },
  { id: 'digitsLength', params: [1], value: '12', ja: '半角数字1桁で入力してください。', en: 'Please enter 1 digit.' },
  { id: 'digitsLength', params: [4], value: '1', ja: '半角数字4桁で入力してください。', en: 'Please enter 4 digits.' },
  { id: 'digitsMin', params: [4], value: '1', ja: '半角数字4桁以上で入力してください。', en: 'Please enter at least 4 digits.' },
  { id: 'digitsMax', params: [4], value: '12345', ja: '半角数字4桁以内で入力してください。', en: 'Please enter up to 4 digits.' },
  { id: 'hiragana', value: 'ア', ja: 'ひらがなで入力してください。', en: 'Please enter hiragana only.' },
  { id: 'katakana', value: 'あ', ja: '全角カタカナで入力してください。', en: 'Please enter full-width katakana only.' },
  { id: 'kana', value: 'a', ja: 'ひらがな・カタカナで入力してください。', en: 'Please enter hiragana or katakana only.' },
  { id: 'digitsHyphenDigits', params: [3, 4], value: '1', ja: '半角数字3桁・ハイフン・半角数字4桁の形式で入力してください（例: 123-4567）。', en: 'Please enter 3 digits, a hyphen and 4 digits (e.g. 123-4567).' },
  { id: 'digitsHyphenDigits', params: [4, 12], value: '1', ja: '半角数字4桁・ハイフン・半角数字12桁の形式で入力してください（例: 1234-456789012345）。', en: 'Please enter 4 digits, a hyphen and 12 digits (e.g. 1234-456789012345).' },
]
