/**
 * The inbox's search box, the same on both engines (docs/decisions/0014-inbox-search.md).
 *
 * Text is normalised (NFKC: full-width ↔ half-width, ﾔﾏﾀﾞ → ヤマダ; lower case; katakana as hiragana)
 * and split into parts (searchParts). Each character is written as four base-36 digits of its code
 * point, so every token is ASCII: no locale, no dictionary. A word is found where it is a substring of
 * one part; several words must all be found; nothing is found across two fields or two parts.
 * - SQLite: each pair of neighbouring characters (a bigram, 8 digits; a part's last character with a
 *   sentinel) is one token of an FTS5 row; a word is the phrase of its bigrams, a one-character word
 *   the prefix of the bigrams it starts.
 * - PostgreSQL: each character, bigram and trigram of a part is a lexeme of a tsvector (cast from
 *   text, never parsed) under a GIN index; a word of up to three characters is one lexeme, a longer
 *   one the AND of its trigrams, then checked as a substring of the normalised parts.
 */
import type { ContactValues } from '../../shared/pages/contact/values'

/** The sentinel that ends every part (U+0000 never survives normalisation). */
const END = 0

/** The searchable form of a text: NFKC, lower case, katakana as hiragana, controls as spaces. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
}

const code = (cp: number) => cp.toString(36).padStart(4, '0')
const bigram = (a: number, b: number) => code(a) + code(b)
const points = (text: string) => Array.from(text, (c) => c.codePointAt(0)!)

/** The tokens of one part (no whitespace inside): each character with the next, the last with the sentinel. */
function partTokens(part: string, out: string[]): void {
  const cps = points(part)
  for (let i = 0; i < cps.length; i++) out.push(bigram(cps[i]!, cps[i + 1] ?? END))
}

/** The searched fields of an inquiry (as stored: phone also as its digits alone, names without their spaces). */
export type SearchFields = Pick<ContactValues, 'name' | 'nameKana' | 'company' | 'email' | 'phone' | 'message'>

/**
 * The parts of an inquiry a word is looked for in, normalised: a word is found when it is a substring
 * of one part. A name is one part with or without its space (山田太郎 finds 山田 太郎, and 山田, 太郎);
 * the phone also as its digits alone; the other fields split at whitespace.
 */
export function searchParts(f: SearchFields): string[] {
  const whole = (text: string) => normalizeSearchText(text).replace(/\s+/g, '')
  const split = (text: string) => normalizeSearchText(text).split(/\s+/).filter(Boolean)
  const digits = f.phone.normalize('NFKC').replace(/\D/g, '')
  return [whole(f.name), whole(f.nameKana), ...[f.company, f.email, f.phone, digits, f.message].flatMap(split)].filter(Boolean)
}

/** The tokens of an inquiry, in order (their positions matter: a phrase is consecutive tokens). */
export function documentTokens(f: SearchFields): string[] {
  const out: string[] = []
  for (const part of searchParts(f)) partTokens(part, out)
  return out
}

/**
 * Whether a search holds kanji: a name in kanji may be written with other characters than the visitor's
 * (髙橋 for 高橋, 斎藤 for 齋藤), so a search that found nothing suggests the reading in kana, which the
 * furigana field holds and which matches whatever its script and width.
 */
export const holdsKanji = (q: string): boolean => /\p{Script=Han}/u.test(q)

/** The words of a search box, normalised; empty when it has none. */
export function searchWords(q: string): string[] {
  return normalizeSearchText(q).split(/\s+/).filter(Boolean)
}

/** A word as its bigram tokens, or a prefix (one token's first half) for a one-character word. */
function wordQuery(word: string): { phrase: string[] } | { prefix: string } {
  const cps = points(word)
  if (cps.length === 1) return { prefix: code(cps[0]!) }
  return { phrase: cps.slice(1).map((cp, i) => bigram(cps[i]!, cp)) }
}

/** FTS5's MATCH text: every word (AND), each a phrase of its bigrams or a prefix. Only [0-9a-z] inside the quotes. */
export function fts5Query(words: string[]): string {
  return words
    .map((w) => {
      const q = wordQuery(w)
      return 'prefix' in q ? `"${q.prefix}"*` : `"${q.phrase.join(' ')}"`
    })
    .join(' AND ')
}

/** The FTS5 row of an inquiry: its tokens separated by spaces. */
export const fts5Document = (f: SearchFields) => documentTokens(f).join(' ')

/**
 * PostgreSQL's row of an inquiry: as a tsvector without positions (small: nothing long to detoast), its
 * characters alone (4 characters), its bigram tokens (8) and its trigrams (12: a part's three
 * characters in a row); and the parts (searchParts) one per line, where a longer word is checked.
 */
export function pgDocument(f: SearchFields): { tokens: string; body: string } {
  const tokens = new Set<string>()
  const parts = searchParts(f)
  for (const part of parts) {
    const codes = points(part).map(code)
    codes.forEach((c, i) => {
      tokens.add(c).add(c + (codes[i + 1] ?? code(END)))
      if (i + 2 < codes.length) tokens.add(c + codes[i + 1] + codes[i + 2])
    })
  }
  return { tokens: [...tokens].join(' '), body: parts.join('\n') }
}

/**
 * PostgreSQL's search of `words`: a tsquery (cast, not parsed) the GIN index answers exactly for words
 * of up to three characters (the character, the bigram, the trigram) and as candidates for longer ones
 * (all their trigrams), and the longer words, each then checked as a substring of the body.
 */
export function pgSearch(words: string[]): { query: string; substrings: string[] } {
  const query = words
    .map((w) => {
      const codes = points(w).map(code)
      if (codes.length <= 3) return codes.join('')
      const trigrams = new Set(codes.slice(2).map((c, i) => codes[i]! + codes[i + 1]! + c))
      return `(${[...trigrams].join(' & ')})`
    })
    .join(' & ')
  return { query, substrings: words.filter((w) => points(w).length > 3) }
}
