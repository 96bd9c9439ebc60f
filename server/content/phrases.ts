import type { Locale } from '../../shared/i18n/locales'

/**
 * Japanese headings must not break inside a word or phrase (CSS `word-break: auto-phrase` is not in
 * every browser, and Chromium builds without its segmenter ignore it). At content load the server
 * splits a Japanese title at phrase boundaries: ICU's dictionary word segmentation (Intl.Segmenter),
 * then particles and okurigana (hiragana), suffix kanji (市, 区) and counters (2026年度) joined to the
 * word before them, prefix kanji (新) to the word after, brackets to what they enclose. The pages
 * render the phrases with <wbr> between them under `word-break: keep-all` (shared/components/phrased.tsx).
 * The phrases travel in the page data, so server and browser render the same markup.
 */
const JAPANESE: Locale = 'ja' // the language this rule is about: its one mention outside shared/i18n/locales.ts
const segmenter = new Intl.Segmenter(JAPANESE, { granularity: 'word' })
const HIRAGANA = /^[\p{Script=Hiragana}ー]+$/u
const KANJI = /\p{Script=Han}/u
const SINGLE_KANJI = /^\p{Script=Han}$/u
const DIGITS = /^[0-9０-９]+$/
const OPENING = /^[「『（(【〈《［[“]+$/
const CLOSING_OR_SPACE = /^[\s」』）)】〉》］\]”、。，．・：！？!?,.:]+$/

export function titlePhrases(text: string, locale: Locale): string[] | undefined {
  if (locale !== JAPANESE) return undefined
  const phrases: string[] = []
  let carry = '' // an opening bracket or a prefix kanji waiting for the word after it
  for (const { segment } of segmenter.segment(text)) {
    const last = phrases.length - 1
    const previous = phrases[last]
    if (OPENING.test(segment)) carry += segment
    else if (previous !== undefined && !carry && (CLOSING_OR_SPACE.test(segment) || HIRAGANA.test(segment))) phrases[last] = previous + segment
    else if (previous !== undefined && !carry && KANJI.test(segment[0]!) && (DIGITS.test(previous) || (SINGLE_KANJI.test(segment) && KANJI.test(previous.at(-1)!)))) phrases[last] = previous + segment
    else if (SINGLE_KANJI.test(segment)) carry += segment
    else {
      phrases.push(carry + segment)
      carry = ''
    }
  }
  if (carry) {
    if (phrases.length > 0) phrases[phrases.length - 1] += carry
    else phrases.push(carry)
  }
  return phrases.length > 1 ? phrases : undefined
}
