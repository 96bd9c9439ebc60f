import t from 'tap'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadContent } from '../../server/content/load'
import { build, FIXTURE_CONTENT } from '../helper'
import { problemsAfter } from './content-helper'


const edit = (dir: string, file: string, from: string | RegExp, to: string) => {
  const path = join(dir, file)
  const text = readFileSync(path, 'utf8')
  const next = text.replace(from, to)
  if (next === text) throw new Error(`fixture edit did not apply to ${file}`)
  writeFileSync(path, next)
}

t.test('the fixture content loads with every item in its languages', async (t) => {
  const { content } = await loadContent(FIXTURE_CONTENT)
  t.equal(content.listNews('ja').length, 13)
  t.equal(content.listNews('en').length, 12)
  t.same(content.newsLocales('2026-01-new-year'), ['ja'])
  t.same(content.newsLocales('2026-04-new-office'), ['ja', 'en'])
  t.equal(content.listNews('ja')[0]?.slug, '2026-04-new-office', 'newest first')
  t.same(content.projectLocales('kawasaki-bridge'), ['ja'])
  t.equal(content.site('en').name, 'Soei Construction Co., Ltd.')
  t.equal(content.site('ja').phone, '03-5555-0123', 'unlocalised fields are shared')
  t.ok(content.siteImage('hero'), 'site images are registered')
  t.match(content.version, /^[0-9a-f]{16}$/)
})

t.test('Markdown: raw HTML escaped, unsafe links dropped, headings get ids, tables scroll', async (t) => {
  const { content } = await loadContent(FIXTURE_CONTENT)
  const html = content.page('about', 'ja').html
  t.notMatch(html, /<script>/, 'raw HTML is not passed through')
  t.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, 'it is shown escaped')
  t.notMatch(html, /href="javascript:/i, 'javascript: links are not links')
  t.match(html, /<a href="\/contact">お問い合わせ<\/a>/, 'site links stay')
  t.match(html, /<h2 id="会社概要の見出し">/, 'Japanese heading ids')
  t.match(html, /<div class="table-scroll" tabindex="0"><table>/)
  t.match(content.page('about', 'en').html, /<a href="https:\/\/www\.openstreetmap\.org\/" rel="noopener noreferrer">/, 'external links get rel')
})

t.test('each kind of broken file stops the load with one line naming file and field', async (t) => {
  const cases: [string, (dir: string) => void, RegExp][] = [
    ['no front matter', (d) => writeFileSync(join(d, 'news/2026-04-new-office.en.md'), 'Just text\n'), /^news\/2026-04-new-office\.en\.md: front matter missing/],
    ['invalid YAML', (d) => edit(d, 'news/2026-04-new-office.en.md', 'title: We have moved our head office', 'title: [unclosed'), /^news\/2026-04-new-office\.en\.md:\d+:\d+: front matter is not valid YAML: [^\n]*[^:\s]$/],
    ['missing field', (d) => edit(d, 'news/2026-04-new-office.ja.md', /excerpt: .*\n/, ''), /^news\/2026-04-new-office\.ja\.md: excerpt: is required$/],
    ['unknown field', (d) => edit(d, 'news/2026-04-new-office.ja.md', 'category:', 'author: x\ncategory:'), /^news\/2026-04-new-office\.ja\.md: author: is not a known field$/],
    ['bad date', (d) => edit(d, 'news/2026-04-new-office.ja.md', '"2026-04-01"', '"2026-02-30x"'), /^news\/2026-04-new-office\.ja\.md: date: must be a real date written YYYY-MM-DD, optionally with a time HH:MM \(got 2026-02-30x\)$/],
    ['bad category', (d) => edit(d, 'projects/minato-office-tower.en.md', 'category: office', 'category: castle'), /^projects\/minato-office-tower\.en\.md: category: must be one of office, housing, public, renovation, civil \(got castle\)$/],
    ['wrong type', (d) => edit(d, 'projects/minato-office-tower.en.md', 'floorArea: 12345.67', 'floorArea: big'), /^projects\/minato-office-tower\.en\.md: floorArea: must be a number \(got big\)$/],
    ['cover without alt', (d) => edit(d, 'news/2026-04-new-office.en.md', /coverAlt: .*\n/, ''), /^news\/2026-04-new-office\.en\.md: coverAlt: is required when cover is set$/],
    ['missing image', (d) => edit(d, 'projects/minato-office-tower.ja.md', 'src: images/small.svg', 'src: images/nothing.svg'), /^projects\/minato-office-tower\.ja\.md: image images\/nothing\.svg does not exist$/],
    ['bad file name', (d) => writeFileSync(join(d, 'news/Bad Name.md'), '---\n---\n'), /^news\/Bad Name\.md: file name must be <slug>\.ja\.md or <slug>\.en\.md/],
    ['missing page translation', (d) => rmSync(join(d, 'pages/greeting.en.md')), /^pages\/greeting\.en\.md: file is missing$/],
    ['broken site file', (d) => edit(d, 'site.yml', 'founded: 1962', 'founded: "long ago"'), /^site\.yml: founded: must be a whole number \(got long ago\)$/],
    ['service without its section', (d) => edit(d, 'site.yml', 'en: Services heading }', 'en: Demolition }'), /^site\.yml: services\[0\]\.title\.en: pages\/service\.en\.md has no heading "Demolition"$/],
    ['site file missing a language', (d) => edit(d, 'site.yml', 'tagline: { ja: 地域に根ざし、百年続く建物を。, en: Building for a hundred years. }', 'tagline: { ja: 地域に根ざし }'), /^site\.yml: tagline\.en: is required$/],
  ]
  for (const [name, change, expected] of cases) {
    const problems = await problemsAfter(t, change)
    t.equal(problems.length, 1, `${name}: exactly one problem (${problems.join(' | ')})`)
    t.match(problems[0] ?? '', expected, name)
  }
  const broken = await problemsAfter(t, (d) => writeFileSync(join(d, 'images/small.svg'), 'not an image'))
  t.ok(broken.length >= 1, 'an unreadable image is a content error')
  t.ok(broken.every((l) => /^projects\/[a-z-]+\.(ja|en)\.md: image images\/small\.svg is not a readable image$/.test(l)), 'named in each file that uses it')
  const many = await problemsAfter(t, (d) => {
    edit(d, 'news/2026-04-new-office.ja.md', /excerpt: .*\n/, '')
    edit(d, 'projects/minato-office-tower.en.md', 'category: office', 'category: castle')
  })
  t.equal(many.length, 2, 'every problem is reported, not only the first')
})

t.test('the server does not start on broken content', async (t) => {
  const { spawnSync } = await import('node:child_process')
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  edit(dir, 'news/2026-04-new-office.ja.md', /excerpt: .*\n/, '')
  const res = spawnSync(process.execPath, ['dist/server/index.js'], { env: { ...process.env, CONTENT_DIR: dir, PORT: '0' }, encoding: 'utf8', timeout: 15_000 })
  t.equal(res.status, 1, 'exits 1')
  t.match(res.stderr, /^content error: news\/2026-04-new-office\.ja\.md: excerpt: is required$/m)
  const check = spawnSync(process.execPath, ['dist/server/content-check.js'], { env: { ...process.env, CONTENT_DIR: dir }, encoding: 'utf8', timeout: 15_000 })
  t.equal(check.status, 1, 'content:check fails too')
  t.match(check.stderr, /news\/2026-04-new-office\.ja\.md: excerpt: is required/)
})

t.test('the shipped sample content is complete', async (t) => {
  t.ok(existsSync('content/site.yml'), 'content/site.yml exists')
  const { content } = await loadContent('content')
  for (const code of ['ja', 'en'] as const) {
    t.ok(content.listNews(code).length >= 12, `${code}: at least 12 articles`)
    t.ok(content.listProjects(code).length >= 8, `${code}: at least 8 projects`)
  }
  const all = new Set([...content.listNews('ja'), ...content.listNews('en')].map((n) => n.slug))
  const single = [...all].filter((slug) => content.newsLocales(slug).length === 1)
  t.ok(single.length >= 1, 'some news exists in one language only')
  // The about page's profile table is written by hand: it must say what site.yml says.
  for (const code of ['ja', 'en'] as const) {
    const site = content.site(code)
    const about = content.page('about', code).html
    for (const fact of [site.representative, site.address, String(site.founded), String(site.employees)]) {
      t.ok(about.includes(fact), `${code} about page states ${fact}`)
    }
  }
})

t.test('social profiles: known networks only, linked from the footer and named in sameAs', async (t) => {
  const problems = await problemsAfter(t, (d) => edit(d, 'site.yml', 'social: { x: soei_test }', 'social: { x: soei_test, myspace: soei }'))
  t.same(problems, ['site.yml: social.myspace: is not a known field'])
  const app = await build(t)
  const footer = /<footer[\s\S]*<\/footer>/.exec((await app.inject('/en/about')).body)![0]
  t.match(footer, /<ul class="site-footer__social" aria-label="Social media"><li><a href="https:\/\/x\.com\/soei_test" rel="noopener me" lang="en">X<\/a><\/li><\/ul>/)
})
