/**
 * The inbox's search box, the same on both engines (docs/decisions/0014-inbox-search.md).
 *
 * Text is normalised (NFKC: full-width ↔ half-width, ﾔﾏﾀﾞ → ヤマダ; lower case; katakana as hiragana),
 * then cut into overlapping pairs of characters (bigrams), each written as one ASCII token: the two
 * code points in base 36, four digits each ('外壁' → one token of 8 characters). SQLite indexes the
 * tokens with FTS5 (tokenizer 'ascii'), PostgreSQL as a tsvector ('simple' words given with their
 * positions) under a GIN index. A search word becomes the phrase of its bigrams, so it matches
 * exactly where the word is a substring; a one-character word is a prefix query (the bigrams that
 * start with it). Each field, and each whitespace-separated part of a field, ends with a bigram of
 * its last character and a sentinel, so a last character is found and no phrase runs across two
 * fields. No locale, no dictionary: Japanese and English alike, through the index.
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

/** The tokens of an inquiry, in order (their positions matter: a phrase is consecutive tokens). */
export function documentTokens(f: SearchFields): string[] {
  const out: string[] = []
  const whole = (text: string) => normalizeSearchText(text).replace(/\s+/g, '')
  const parts = (text: string) => normalizeSearchText(text).split(/\s+/).filter(Boolean)
  // A name is one thing with or without its space: 山田太郎 finds 山田 太郎 (and 山田, 太郎).
  for (const text of [whole(f.name), whole(f.nameKana)]) if (text) partTokens(text, out)
  const digits = f.phone.normalize('NFKC').replace(/\D/g, '')
  for (const text of [f.company, f.email, f.phone, digits, f.message]) for (const part of parts(text)) partTokens(part, out)
  return out
}

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
 * PostgreSQL's tsquery text (cast, not parsed): words with &, bigrams with <->; a one-character word is
 * the lexeme of that character alone (tsVectorText), not a prefix: the planner estimates a plain
 * lexeme well, a prefix poorly (it would read the table rather than the index).
 */
export function tsQuery(words: string[]): string {
  return words
    .map((w) => {
      const q = wordQuery(w)
      return 'prefix' in q ? q.prefix : `(${q.phrase.join(' <-> ')})`
    })
    .join(' & ')
}

/**
 * PostgreSQL's tsvector text (cast, not parsed): each bigram token with its position (1…), and at the
 * same position its first character alone (4 characters: never taken for a bigram). Positions stop at
 * 16383 and a lexeme keeps at most 256 of them: far beyond an inquiry (2,000 characters of message).
 */
export function tsVectorText(f: SearchFields): string {
  return documentTokens(f)
    .map((t, i) => {
      const at = Math.min(i + 1, 16383)
      return `${t}:${at} ${t.slice(0, 4)}:${at}`
    })
    .join(' ')
}
