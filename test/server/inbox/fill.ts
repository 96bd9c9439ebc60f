// Many realistic inquiries written straight into an inquiry database (both engines), with their search
// index entries and outbox rows, in bulk: for the query-plan tests (a few thousand, so the planners see
// real tables), bench/inbox-search.mjs (100,000) and the export's memory (export-load.ts: every message as
// long as the form allows). Deterministic: the same seed gives the same rows.
import type pg from 'pg'
import type { Db } from '../../../server/db/sqlite'
import { replyKey } from '../../../server/contact/auto-reply'
import { fts5Document, pgDocument } from '../../../server/inbox/search-text'
import { INQUIRY_TYPES } from '../../../shared/pages/contact/fields'

const SURNAMES = [['山田', 'ヤマダ', 'yamada'], ['佐藤', 'サトウ', 'sato'], ['鈴木', 'スズキ', 'suzuki'], ['高橋', 'タカハシ', 'takahashi'], ['田中', 'タナカ', 'tanaka'], ['伊藤', 'イトウ', 'ito'], ['渡辺', 'ワタナベ', 'watanabe'], ['中村', 'ナカムラ', 'nakamura'], ['小林', 'コバヤシ', 'kobayashi'], ['加藤', 'カトウ', 'kato'], ['吉田', 'ヨシダ', 'yoshida'], ['松本', 'マツモト', 'matsumoto']]
const GIVEN = [['太郎', 'タロウ', 'taro'], ['花子', 'ハナコ', 'hanako'], ['一郎', 'イチロウ', 'ichiro'], ['美咲', 'ミサキ', 'misaki'], ['健太', 'ケンタ', 'kenta'], ['陽子', 'ヨウコ', 'yoko'], ['翔', 'ショウ', 'sho'], ['結衣', 'ユイ', 'yui']]
const ENGLISH = [['John', 'Smith'], ['Emily', 'Brown'], ['Michael', 'Johnson'], ['Sarah', 'Williams'], ['David', 'Miller'], ['Laura', 'Davis'], ['Kevin', 'Wilson'], ['Anna', 'Taylor']]
const COMPANIES = ['株式会社山田工務店', '有限会社サトウ不動産', '鈴木ホールディングス株式会社', '株式会社ミライ設計', '東京リフォーム株式会社', 'ＡＢＣ商事株式会社', 'Acme Construction Ltd.', 'Blue Ocean Properties', 'Northwind Trading', '']
const DOMAINS = ['example.com', 'example.co.jp', 'example.net', 'mail.example.org']
// A message: one to three topics (a place and a work), then ordinary sentences, as inquiries read.
const JA_PLACES = ['外壁', '屋根', '浴室', 'キッチン', '玄関', '駐車場', '事務所', '倉庫', '店舗', '工場', 'ベランダ', '基礎', '床下', '天井', '階段', '外構', '庭', '窓', 'トイレ', '洗面所', '外階段', '屋上', '車庫', '門扉', '和室', '二階', 'マンション共用部', 'エントランス', '塀', '雨どい']
const JA_WORKS = ['塗装', '修理', '改修', '補強', '解体', '交換', '点検', '防水工事', '耐震診断', '張替え', '増築', '断熱工事', '雨漏り調査', 'リフォーム', '新設', '撤去']
const JA_ASKS = ['について相談したいです。', 'のお見積もりをお願いします。', 'の費用を知りたいです。', 'の工期を教えてください。', 'を検討しています。', 'をお願いできますか。']
const JA_OTHER = [
  '築{n}年の木造住宅です。', '延床面積はおよそ{n}平米です。', '来月中に現地調査に来ていただくことは可能でしょうか。', '平日の日中であれば電話でのご連絡も可能です。',
  '貴社の施工事例を拝見し、ご連絡いたしました。', '予算は{n}万円程度を考えております。', '土日でしたら立ち会いが可能です。', '以前、別の業者に依頼しましたが対応が遅く困っております。',
  '近隣への挨拶もお願いできると助かります。', 'よろしくお願いいたします。', '図面は手元にございます。', '急ぎではありませんが、年内には完了したいと考えております。',
  '高齢の両親が住んでいるため、できるだけ短い工期を希望します。', 'メールでのご返信で構いません。', '写真を添付できないため、現地で見ていただきたいです。', 'ご多忙のところ恐れ入りますが、ご検討ください。',
]
const EN_PLACES = ['exterior wall', 'roof', 'bathroom', 'kitchen', 'entrance', 'parking lot', 'office', 'warehouse', 'shop', 'factory', 'balcony', 'foundation', 'ceiling', 'staircase', 'garden', 'windows']
const EN_WORKS = ['painting', 'repair', 'renovation', 'reinforcement', 'demolition', 'replacement', 'inspection', 'waterproofing', 'seismic assessment', 'insulation', 'extension']
const EN_OTHER = [
  'The building is about {n} years old.', 'The floor area is roughly {n} square metres.', 'Could you visit the site sometime next month?', 'Please let us know the expected schedule.',
  'Our budget is around {n} thousand yen.', 'We found your company through your website.', 'Weekends work best for a site visit.', 'Email is the best way to reach me.',
  'Thank you in advance for your help.', 'We have the original drawings if needed.', 'There is no rush, but we would like it finished this year.', 'Please feel free to call during office hours.',
]
export const STATUS_MIX = ['new', 'new', 'in-progress', 'waiting', 'done', 'done', 'done', 'spam'] as const

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  return { next, pick, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) }
}

const HALF_KANA: Record<string, string> = { ヤマダ: 'ﾔﾏﾀﾞ', サトウ: 'ｻﾄｳ', スズキ: 'ｽｽﾞｷ', タナカ: 'ﾀﾅｶ' }

/**
 * One inquiry's columns (as both engines store them), the n-th of a seed; received one minute apart from
 * `start`. Its message is 50–1,000 characters, or exactly `messageChars` when given.
 */
export function fakeInquiry(n: number, start = Date.UTC(2024, 0, 1), seed = 26, messageChars?: number) {
  const r = random(seed * 1_000_003 + n)
  const ja = r.next() < 0.75
  let name: string, nameKana: string, local: string
  if (ja) {
    const [s, sk, sr] = r.pick(SURNAMES)
    const [g, gk, gr] = r.pick(GIVEN)
    name = `${s} ${g}`
    // Some visitors type their kana in half-width.
    nameKana = r.next() < 0.1 && HALF_KANA[sk!] ? `${HALF_KANA[sk!]} ${gk}` : `${sk} ${gk}`
    local = `${gr}.${sr}${r.int(1, 99)}`
  } else {
    const [g, s] = r.pick(ENGLISH)
    name = `${g} ${s}`
    nameKana = ''
    local = `${g!.toLowerCase()}.${s!.toLowerCase()}${r.int(1, 99)}`
  }
  const drawn = r.int(50, 1000)
  const target = messageChars ?? drawn
  const parts: string[] = []
  for (let topics = r.int(1, 3); topics > 0; topics--) {
    parts.push(ja ? `${r.next() < 0.3 ? '外壁' : r.pick(JA_PLACES)}の${r.pick(JA_WORKS)}${r.pick(JA_ASKS)}` : `We would like ${r.pick(EN_WORKS)} of our ${r.pick(EN_PLACES)}.`)
  }
  // Their length as joined by spaces, kept as parts are added (joining at each step costs the square of a long message).
  for (let length = parts.join(' ').length; length < target; length += 1 + parts.at(-1)!.length) parts.push(r.pick(ja ? JA_OTHER : EN_OTHER).replace('{n}', String(r.int(2, 300))))
  const message = parts.join(ja ? '' : ' ').slice(0, target)
  const email = `${local}@${r.pick(DOMAINS)}`
  const at = start + n * 60_000
  const status = r.pick(STATUS_MIX)
  return {
    id: `Q-B${String(n).padStart(7, '0')}-${seed}`,
    received_at: new Date(at).toISOString(),
    locale: ja ? 'ja' : 'en',
    name,
    name_kana: nameKana || null,
    company: r.pick(COMPANIES) || null,
    email,
    reply_key: replyKey(email),
    phone: r.next() < 0.8 ? `0${r.int(3, 90)}-${r.int(1000, 9999)}-${r.int(1000, 9999)}` : null,
    inquiry_type: r.pick(INQUIRY_TYPES),
    message,
    status,
    closed_at: status === 'done' || status === 'spam' ? at + 86_400_000 : null,
    at,
  }
}

type Fake = ReturnType<typeof fakeInquiry>
const COLUMNS = ['id', 'received_at', 'locale', 'name', 'name_kana', 'company', 'email', 'reply_key', 'phone', 'inquiry_type', 'message', 'status', 'closed_at'] as const
const fields = (f: Fake) => ({ name: f.name, nameKana: f.name_kana ?? '', company: f.company ?? '', email: f.email, phone: f.phone ?? '', message: f.message })

export interface FillOptions {
  /** Every message exactly this long (default: 50–1,000 characters each). */
  messageChars?: number
  /** false: no search index entries (a long message's costs milliseconds to build; an export never reads them). */
  searchIndex?: boolean
}

/** Writes inquiries `from`…`to - 1` into SQLite in one transaction. */
export function fillSqlite(db: Db, from: number, to: number, { messageChars, searchIndex = true }: FillOptions = {}): void {
  const inquiry = db.prepare(`INSERT INTO inquiries (${COLUMNS.join(', ')}, privacy_consent) VALUES (${COLUMNS.map(() => '?').join(', ')}, 1)`)
  const index = db.prepare('INSERT INTO inquiry_search (rowid, tokens) VALUES (?, ?)')
  const mail = db.prepare("INSERT INTO outbox (inquiry_id, kind, status, attempts, next_attempt_at, sent_at, queued_at, dedupe_key) VALUES (?, ?, 'sent', 1, ?, ?, ?, ?)")
  db.transaction(() => {
    for (let n = from; n < to; n++) {
      const f = fakeInquiry(n, undefined, undefined, messageChars)
      const { lastInsertRowid } = inquiry.run(...COLUMNS.map((c) => f[c]))
      if (searchIndex) index.run(lastInsertRowid, fts5Document(fields(f)))
      for (const kind of ['staff', 'auto-reply']) mail.run(f.id, kind, f.at, f.received_at, f.at, `${kind}:${f.id}`)
    }
  })()
}

/** Writes inquiries `from`…`to - 1` into PostgreSQL, a thousand per statement, in one transaction. */
export async function fillPg(client: pg.PoolClient, from: number, to: number, { messageChars, searchIndex = true }: FillOptions = {}): Promise<void> {
  await client.query('BEGIN')
  for (let lo = from; lo < to; lo += 1000) {
    const batch = Array.from({ length: Math.min(1000, to - lo) }, (_, i) => fakeInquiry(lo + i, undefined, undefined, messageChars))
    const cols = COLUMNS.map((c) => batch.map((f) => f[c]))
    const inserted = await client.query(
      `INSERT INTO inquiries (${COLUMNS.join(', ')}, privacy_consent)
       SELECT *, 1 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::bigint[]) RETURNING seq, id`,
      cols,
    )
    const seqOf = new Map(inserted.rows.map((row) => [row.id as string, row.seq as string]))
    if (searchIndex) {
      const docs = batch.map((f) => pgDocument(fields(f)))
      await client.query('INSERT INTO inquiry_search (inquiry_seq, tokens, body) SELECT s, d::tsvector, b FROM unnest($1::bigint[], $2::text[], $3::text[]) AS t (s, d, b)', [
        batch.map((f) => seqOf.get(f.id)),
        docs.map((d) => d.tokens),
        docs.map((d) => d.body),
      ])
    }
    for (const kind of ['staff', 'auto-reply']) {
      await client.query(
        `INSERT INTO outbox (inquiry_id, kind, status, attempts, next_attempt_at, sent_at, queued_at, dedupe_key)
         SELECT i, $1, 'sent', 1, a, s, a, $1 || ':' || i FROM unnest($2::text[], $3::bigint[], $4::text[]) AS t (i, a, s)`,
        [kind, batch.map((f) => f.id), batch.map((f) => f.at), batch.map((f) => f.received_at)],
      )
    }
  }
  await client.query('COMMIT')
}
