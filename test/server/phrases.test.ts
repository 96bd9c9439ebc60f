import t from 'tap'
import { titlePhrases } from '../../server/content/phrases'
import { build, h1 } from '../helper'

t.test('Japanese titles split at phrase boundaries, never inside a word', async (t) => {
  const cases: [string, string[]][] = [
    ['港区虎ノ門オフィスビル新築工事', ['港区', '虎ノ門', 'オフィス', 'ビル', '新築', '工事']],
    ['新本社ビルへ移転しました', ['新本社', 'ビルへ', '移転しました']],
    ['横浜市の集合住宅が完成しました', ['横浜市の', '集合', '住宅が', '完成しました']],
    ['2026年度 夏季休業のお知らせ', ['2026年度 ', '夏季', '休業の', 'お知らせ']],
  ]
  for (const [title, phrases] of cases) {
    t.same(titlePhrases(title, 'ja'), phrases, title)
    t.equal(titlePhrases(title, 'ja')!.join(''), title, 'nothing lost or added')
  }
  t.equal(titlePhrases('会社', 'ja'), undefined, 'one word: nothing to split')
  t.equal(titlePhrases('New head office', 'en'), undefined, 'only Japanese')
  t.equal(titlePhrases('', 'ja'), undefined)
})

t.test('pages render the phrases with <wbr> between them; English titles stay plain', async (t) => {
  const app = await build(t)
  const ja = (await app.inject('/construction-project/minato-office-tower')).body
  t.match(ja, /<h1 class="page-title" id="page-title"><span class="phrased">港区<wbr\/>オフィス<wbr\/>ビル<wbr\/>新築<wbr\/>工事<\/span><\/h1>/)
  t.equal(h1(ja), '港区オフィスビル新築工事', 'the heading text is unchanged')
  const list = (await app.inject('/construction-project')).body
  t.match(list, '新築<wbr/>工事', 'cards too')
  const en = (await app.inject('/en/construction-project/minato-office-tower')).body
  t.notMatch(en, '<wbr', 'English titles break at spaces')
})
