import t from 'tap'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { DESCRIBED_KEYWORDS } from '../../server/content/describe'
import { ContentError, loadContent } from '../../server/content/load'
import { newsSchema, pageSchema, projectSchema, siteSchema } from '../../server/content/schemas'
import { problemsAfter } from './content-helper'
import { cliArgs } from './cli'

// Content problems are read by the people who write the content: each line names the file and the
// field (gallery[0].alt) and says in words what the value must be and what was found. No regular expression
// or schema keyword in any line.
const JARGON = /pattern|must match|[\^$\\]|additionalProperties|dependencies|minLength|maxLength|minimum|maximum|exclusive|maxItems|\benum\b|\bformat\b|must NOT|must be (string|object|integer|array|boolean|number)\b|instancePath/

/** Front matter from raw YAML values, one field a line ('date' -> '"2026-11-20"'; undefined leaves it out). */
const markdown = (fields: Record<string, string | undefined>) =>
  `---\n${Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [`${k}:${v ? ` ${v}` : ''}`])).join('\n')}\n---\n\nBody.\n`

const ARTICLE = { title: 'Open house', date: '"2026-11-20"', category: 'notice', excerpt: 'Come and see our new office.' }
const PROJECT = {
  title: 'Test hall',
  location: 'Minato, Tokyo',
  client: 'Example City',
  completed: '"2025-03-31"',
  category: 'public',
  use: 'Hall',
  structure: 'Timber',
  scale: '"2F"',
  floorArea: '1234.5',
  periodStart: '"2024-04"',
  periodEnd: '"2025-03"',
  scope: 'Construction',
  summary: 'A small hall.',
  cover: 'images/cover.svg',
  coverAlt: 'The hall',
}
const gallery = (items: string[]) => `\n${items.map((item) => `  - ${item}`).join('\n')}`


const NEWS_DATE_WORDS = 'must be a real date written YYYY-MM-DD, optionally with a time HH:MM'
const IMAGE_WORDS = 'must be a file in images/ (letters a-z and A-Z, 0-9, /, _, . and - only) ending in .svg, .png, .jpg, .jpeg, .webp or .avif'

/**
 * Markdown files, each written as a new file of its folder ('news', 'projects') or over the file
 * named, and the problem lines expected for it (without the file name in front).
 */
const FILE_CASES: [name: string, where: string, text: string, expected: string[]][] = [
  // Dates: real calendar days and months only, whatever the form they are written in.
  ['February 30', 'news', markdown({ ...ARTICLE, date: '"2026-02-30"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-02-30)`]],
  ['February 30 without quotes', 'news', markdown({ ...ARTICLE, date: '2026-02-30' }), [`date: ${NEWS_DATE_WORDS} (got 2026-02-30)`]],
  ['February 29 of a common year', 'news', markdown({ ...ARTICLE, date: '"2026-02-29"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-02-29)`]],
  ['February 29 of a leap year is a date', 'news', markdown({ ...ARTICLE, date: '"2028-02-29"' }), []],
  ['April 31', 'news', markdown({ ...ARTICLE, date: '"2026-04-31"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-04-31)`]],
  ['month 13', 'news', markdown({ ...ARTICLE, date: '"2026-13-01"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-13-01)`]],
  ['day 0', 'news', markdown({ ...ARTICLE, date: '"2026-04-00"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-04-00)`]],
  ['slashes', 'news', markdown({ ...ARTICLE, date: '"2026/04/01"' }), [`date: ${NEWS_DATE_WORDS} (got 2026/04/01)`]],
  ['a number', 'news', markdown({ ...ARTICLE, date: '20260401' }), [`date: ${NEWS_DATE_WORDS} (got 20260401)`]],
  ['no value', 'news', markdown({ ...ARTICLE, date: '' }), [`date: ${NEWS_DATE_WORDS} (got nothing)`]],
  ['completed on February 29 of a common year', 'projects', markdown({ ...PROJECT, completed: '"2025-02-29"' }), ['completed: must be a real date written YYYY-MM-DD (got 2025-02-29)']],
  ['period month 13', 'projects', markdown({ ...PROJECT, periodStart: '"2023-13"' }), ['periodStart: must be a real month written YYYY-MM (got 2023-13)']],
  ['period month 00', 'projects', markdown({ ...PROJECT, periodEnd: '"2025-00"' }), ['periodEnd: must be a real month written YYYY-MM (got 2025-00)']],
  ['period month of one digit', 'projects', markdown({ ...PROJECT, periodEnd: '"2025-3"' }), ['periodEnd: must be a real month written YYYY-MM (got 2025-3)']],
  ['period as a day', 'projects', markdown({ ...PROJECT, periodStart: '"2024-04-01"' }), ['periodStart: must be a real month written YYYY-MM (got 2024-04-01)']],
  // News dates with a time (Japan time) or with their zone: scheduled publishing.
  ['a date and a time', 'news', markdown({ ...ARTICLE, date: '"2026-11-20 09:00"' }), []],
  ['a date and a time without quotes', 'news', markdown({ ...ARTICLE, date: '2026-11-20 09:00' }), []],
  ['a date, a time and seconds', 'news', markdown({ ...ARTICLE, date: '"2026-11-20 09:00:30"' }), []],
  ['a date and a time in UTC', 'news', markdown({ ...ARTICLE, date: '"2026-11-20T00:00Z"' }), []],
  ['a date and a time with an offset', 'news', markdown({ ...ARTICLE, date: '2026-11-20T09:00:00+09:00' }), []],
  ['hour 24', 'news', markdown({ ...ARTICLE, date: '"2026-11-20 24:00"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-11-20 24:00)`]],
  ['minute 60', 'news', markdown({ ...ARTICLE, date: '"2026-11-20 09:60"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-11-20 09:60)`]],
  ['an hour of one digit', 'news', markdown({ ...ARTICLE, date: '"2026-11-20 9:00"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-11-20 9:00)`]],
  ['a time on a day that does not exist', 'news', markdown({ ...ARTICLE, date: '"2026-02-30 09:00"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-02-30 09:00)`]],
  ['a time zone by name', 'news', markdown({ ...ARTICLE, date: '"2026-11-20 09:00 JST"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-11-20 09:00 JST)`]],
  ['an offset beyond +14:00', 'news', markdown({ ...ARTICLE, date: '"2026-11-20T09:00+15:00"' }), [`date: ${NEWS_DATE_WORDS} (got 2026-11-20T09:00+15:00)`]],
  ['a project completed with a time', 'projects', markdown({ ...PROJECT, completed: '"2025-03-31 09:00"' }), ['completed: must be a real date written YYYY-MM-DD (got 2025-03-31 09:00)']],

  // Drafts: true or false.
  ['a draft article', 'news', markdown({ ...ARTICLE, draft: 'true' }), []],
  ['a draft project', 'projects', markdown({ ...PROJECT, draft: 'true' }), []],
  ['not a draft', 'news', markdown({ ...ARTICLE, draft: 'false' }), []],
  ['yes for a draft', 'news', markdown({ ...ARTICLE, draft: 'yes' }), ['draft: must be true or false (got yes)']],
  ['a quoted true for a draft', 'projects', markdown({ ...PROJECT, draft: '"true"' }), ['draft: must be true or false (got true)']],

  // Every other kind of problem the schemas find in Markdown files.
  ['a valid article', 'news', markdown(ARTICLE), []],
  ['a valid project', 'projects', markdown(PROJECT), []],
  ['missing field', 'news', markdown({ ...ARTICLE, excerpt: undefined }), ['excerpt: is required']],
  ['unknown field', 'news', markdown({ ...ARTICLE, author: 'Ken' }), ['author: is not a known field']],
  ['unknown category', 'news', markdown({ ...ARTICLE, category: 'castle' }), ['category: must be one of notice, press, award, project, recruit, csr (got castle)']],
  ['empty text', 'news', markdown({ ...ARTICLE, title: '""' }), ['title: is empty']],
  ['no text', 'news', markdown({ ...ARTICLE, title: '' }), ['title: is empty']],
  ['a number for text', 'news', markdown({ ...ARTICLE, title: '2026' }), ['title: must be text: put it in quotes ("2026")']],
  ['a list for text', 'news', markdown({ ...ARTICLE, title: '[a, b]' }), ['title: must be text (got a list)']],
  ['text too long', 'news', markdown({ ...ARTICLE, excerpt: 'x'.repeat(301) }), ['excerpt: must be at most 300 characters long (got 301)']],
  ['image outside images/', 'news', markdown({ ...ARTICLE, cover: 'pictures/open-house.gif', coverAlt: 'The office' }), [`cover: ${IMAGE_WORDS} (got pictures/open-house.gif)`]],
  ['cover without its text', 'news', markdown({ ...ARTICLE, cover: 'images/cover.svg' }), ['coverAlt: is required when cover is set']],
  ['front matter that is a list', 'news', '---\n- title\n- date\n---\n', ['(front matter): must be fields written name: value, one a line (got a list)']],
  ['front matter that is text', 'news', '---\njust a title\n---\n', ['(front matter): must be fields written name: value, one a line (got just a title)']],
  ['a word for a number', 'projects', markdown({ ...PROJECT, floorArea: 'big' }), ['floorArea: must be a number (got big)']],
  ['zero floor area', 'projects', markdown({ ...PROJECT, floorArea: '0' }), ['floorArea: must be more than 0 (got 0)']],
  ['yes for true', 'projects', markdown({ ...PROJECT, featured: 'yes' }), ['featured: must be true or false (got yes)']],
  ['gallery entry with an unknown field', 'projects', markdown({ ...PROJECT, gallery: gallery(['{ src: images/small.svg, alt: Hall, caption: Hall }']) }), ['gallery[0].caption: is not a known field']],
  ['gallery entry without its text', 'projects', markdown({ ...PROJECT, gallery: gallery(['{ src: images/small.svg, alt: Hall }', '{ src: images/small.svg }']) }), ['gallery[1].alt: is required']],
  ['gallery entry image', 'projects', markdown({ ...PROJECT, gallery: gallery(['{ src: "images/a b.svg", alt: Hall }']) }), [`gallery[0].src: ${IMAGE_WORDS} (got images/a b.svg)`]],
  ['gallery that is not a list', 'projects', markdown({ ...PROJECT, gallery: 'images/small.svg' }), ['gallery: must be a list (got images/small.svg)']],
  ['gallery too long', 'projects', markdown({ ...PROJECT, gallery: gallery(Array.from({ length: 25 }, () => '{ src: images/small.svg, alt: Hall }')) }), ['gallery: must have at most 24 entries (got 25)']],
  ['page without its description', 'pages/greeting.en.md', markdown({ title: 'Greeting' }), ['description: is required']],
  ['bad file name', 'news/Open House.en.md', markdown(ARTICLE), ['file name must be <slug>.ja.md or <slug>.en.md, the slug using only a-z, 0-9 and - (not first)']],
]

/** Changes to site.yml and the problem lines expected (each loaded alone: there is one site file). */
const SITE_CASES: [name: string, change: (data: Record<string, any>) => void, expected: string[]][] = [
  ['a word for a whole number', (d) => (d.founded = 'long ago'), ['founded: must be a whole number (got long ago)']],
  ['a fraction for a whole number', (d) => (d.employees = 12.5), ['employees: must be a whole number (got 12.5)']],
  ['a year too early', (d) => (d.founded = 1700), ['founded: must be 1800 or more (got 1700)']],
  ['a year too late', (d) => (d.founded = 2200), ['founded: must be 2100 or less (got 2200)']],
  ['no employees', (d) => (d.employees = 0), ['employees: must be 1 or more (got 0)']],
  ['postal code', (d) => (d.postalCode = '105-00001'), ['postalCode: must be a postal code written 123-4567 (got 105-00001)']],
  ['phone', (d) => (d.phone = 'call us'), ['phone: must be a phone number of 6 to 20 digits, + and - (like 03-5555-0123) (got call us)']],
  ['fax', (d) => (d.fax = '03 5555 0124'), ['fax: must be a phone number of 6 to 20 digits, + and - (like 03-5555-0123) (got 03 5555 0124)']],
  ['international phone', (d) => (d.phoneInternational = '03-5555-0123'), ['phoneInternational: must be + and the country code, then digits and - (like +81-3-5555-0123) (got 03-5555-0123)']],
  ['e-mail', (d) => (d.email = 'info at example.test'), ['email: must be an e-mail address (like info@example.co.jp) (got info at example.test)']],
  ['map address', (d) => (d.mapUrl = 'http://www.openstreetmap.org/'), ['mapUrl: must be a web address starting with https:// (got http://www.openstreetmap.org/)']],
  ['social account', (d) => (d.social = { x: '@soei test' }), ['social.x: must be an account id using only a-z, A-Z, 0-9, ., _ and - (got @soei test)']],
  ['unknown network', (d) => (d.social = { myspace: 'soei' }), ['social.myspace: is not a known field']],
  ['a language missing', (d) => delete d.tagline.en, ['tagline.en: is required']],
  ['an unknown language', (d) => (d.tagline.fr = 'Bâtir pour cent ans.'), ['tagline.fr: is not a known field']],
  ['text for a list', (d) => (d.licences.en = 'Licence No. 00000'), ['licences.en: must be a list (got Licence No. 00000)']],
  ['too many services', (d) => (d.services = Array.from({ length: 13 }, () => d.services[0])), ['services: must have at most 12 entries (got 13)']],
  ['service entry with an unknown field', (d) => (d.services[0].icon = 'crane'), ['services[0].icon: is not a known field']],
]

const checkWords = (t: { notMatch: (found: string, pattern: RegExp, message: string) => unknown }, name: string, lines: string[]) => {
  for (const line of lines) t.notMatch(line, JARGON, `${name}: no regular expression or schema keyword in "${line}"`)
}

t.test('each problem of a Markdown file is one line in words: file, field, what it must be, what was found', async (t) => {
  // Every file loaded at once (each is checked on its own): one new file per case, or the file it names.
  const files = FILE_CASES.map(([, where], i) => (where.endsWith('.md') ? where : `${where}/case-${String(i).padStart(2, '0')}.en.md`))
  const problems = await problemsAfter(t, (dir) => FILE_CASES.forEach(([, , text], i) => writeFileSync(join(dir, files[i]!), text)))
  for (const [i, [name, , , expected]] of FILE_CASES.entries()) {
    const lines = problems.filter((line) => line.startsWith(`${files[i]}: `))
    t.same(lines, expected.map((message) => `${files[i]}: ${message}`), name)
    checkWords(t, name, lines)
  }
  t.equal(problems.length, FILE_CASES.reduce((n, [, , , expected]) => n + expected.length, 0), 'no other problem')
})

t.test('each problem of the site file is one line in words', async (t) => {
  // The site file and the pages it needs (news, projects and images are optional): a quick load per case.
  const SITE_PARTS = ['site.yml', 'pages']
  t.same(await problemsAfter(t, () => {}, SITE_PARTS), [], 'the site file and the pages alone load')
  for (const [name, change, expected] of SITE_CASES) {
    const problems = await problemsAfter(t, (dir) => {
      const data = parse(readFileSync(join(dir, 'site.yml'), 'utf8')) as Record<string, any>
      change(data)
      writeFileSync(join(dir, 'site.yml'), stringify(data))
    }, SITE_PARTS)
    t.same(problems, expected.map((message) => `site.yml: ${message}`), name)
    checkWords(t, name, problems)
  }
  const list = await problemsAfter(t, (dir) => writeFileSync(join(dir, 'site.yml'), '- name\n- phone\n'), SITE_PARTS)
  t.same(list, ['site.yml: (whole file): must be fields written name: value, one a line (got a list)'], 'a site file that is a list')
  checkWords(t, 'a site file that is a list', list)
})

t.test('the schemas use only keywords the problem lines put in words', async (t) => {
  const used = new Set<string>()
  const walk = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return
    if (Array.isArray(schema)) return schema.forEach(walk)
    for (const [key, value] of Object.entries(schema)) {
      used.add(key)
      if (key === 'properties' || key === 'dependencies') Object.values(value as object).forEach(walk)
      else if (key === 'items') walk(value)
    }
  }
  for (const schema of [siteSchema, pageSchema, newsSchema, projectSchema]) walk(schema)
  const structural = new Set(['properties', 'items'])
  t.same([...used].filter((k) => !structural.has(k) && !(DESCRIBED_KEYWORDS as readonly string[]).includes(k)), [], 'every keyword has its sentence')
  t.notOk(used.has('pattern'), 'no field is checked by a regular expression a writer would be shown')
})

t.test('npm run content:check on the shipped content with an impossible date', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync('content', dir, { recursive: true })
  writeFileSync(join(dir, 'news/2026-11-open-house.ja.md'), markdown({ ...ARTICLE, title: '見学会を開催します', date: '2026-02-30', excerpt: '見学会のお知らせです。' }))
  const res = spawnSync(process.execPath, cliArgs('content-check'), { env: { ...process.env, CONTENT_DIR: dir }, encoding: 'utf8', timeout: 60_000 })
  t.equal(res.status, 1, 'the check fails')
  t.equal(res.stderr, `news/2026-11-open-house.ja.md: date: ${NEWS_DATE_WORDS} (got 2026-02-30)\ncontent check failed: 1 problem(s)\n`)
})

// A file that cannot be read is one problem, at its line and column: the menu entries that point to it are not
// problems of their own (the file exists), and no line ends in the code frame the yaml package can append.

/** A page of content/pages/ at /history; `front` replaces its front matter. */
const historyPage = (title: string, front = `title: ${title}\ndescription: ${title}.\npath: /history`) => `---\n${front}\n---\n\nBody.\n`

/** The fixture's menus with /history in the footer (entry 6). */
function withHistoryInMenu(dir: string): void {
  const site = readFileSync(join(dir, 'site.yml'), 'utf8')
  writeFileSync(join(dir, 'site.yml'), site.replace('footer: [/about, /service, /greeting, /construction-project, /news, /contact,', 'footer: [/about, /service, /greeting, /construction-project, /news, /contact, /history,'))
}

const UNCLOSED = 'front matter is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]'

t.test('a front matter syntax error in a page a menu links to is one problem, at its line and column', async (t) => {
  const problems = await problemsAfter(t, (dir) => {
    withHistoryInMenu(dir)
    writeFileSync(join(dir, 'pages/history.ja.md'), historyPage('沿革'))
    writeFileSync(join(dir, 'pages/history.en.md'), historyPage('History', 'description: Our history.\ntitle: [unclosed\npath: /history'))
  })
  t.same(problems, [`pages/history.en.md:4:1: ${UNCLOSED}`], 'the YAML error only: no "pages/history.en.md is missing"')

  const both = await problemsAfter(t, (dir) => {
    withHistoryInMenu(dir)
    writeFileSync(join(dir, 'pages/history.ja.md'), historyPage('沿革', 'title: "沿革\ndescription: x\npath: /history'))
    writeFileSync(join(dir, 'pages/history.en.md'), historyPage('History', 'title: History\ndescription: Our history.\npath: [/history'))
  })
  t.same(
    both,
    [`pages/history.en.md:4:16: ${UNCLOSED}`, 'pages/history.ja.md:4:15: front matter is not valid YAML: Missing closing "quote'],
    'both languages broken: one problem per file, none for the menu entry (the path could not be read)',
  )

  const invalid = await problemsAfter(t, (dir) => {
    withHistoryInMenu(dir)
    writeFileSync(join(dir, 'pages/history.ja.md'), historyPage('沿革'))
    writeFileSync(join(dir, 'pages/history.en.md'), historyPage('History', 'title: History\npath: /history'))
  })
  t.same(invalid, ['pages/history.en.md: description: is required'], 'a page left out for a missing field: no menu problem either')

  const otherPath = await problemsAfter(t, (dir) => {
    withHistoryInMenu(dir)
    writeFileSync(join(dir, 'pages/history.en.md'), historyPage('History'))
    writeFileSync(join(dir, 'pages/history.ja.md'), historyPage('沿革', 'title: 沿革\ndescription: 沿革。\npath: /enkaku'))
  })
  t.same(otherPath, ['pages/history.ja.md: path: must be the same in every language: pages/history.en.md says /history (got /enkaku)'], 'a page left out for its path: no menu problem either')

  const gone = await problemsAfter(t, (dir) => {
    withHistoryInMenu(dir)
    writeFileSync(join(dir, 'pages/history.ja.md'), historyPage('沿革'))
  })
  t.same(gone, ['site.yml: menus.footer[6]: /history has no page in en: pages/history.en.md is missing'], 'a file that is really missing is still a problem')
})

t.test('a front matter syntax error in an article is at the line and column of the file (its --- counted)', async (t) => {
  const problems = await problemsAfter(t, (dir) => writeFileSync(join(dir, 'news/2026-11-broken.en.md'), '\uFEFF---\r\ntitle: Open house\r\ndate: "2026-11-20"\r\n  category: notice\r\n---\r\n'))
  t.equal(problems.length, 1, problems.join('\n'))
  t.match(problems[0], /^news\/2026-11-broken\.en\.md:4:\d+: front matter is not valid YAML: [^:\n]+[^:\s]$/)
})

t.test('a site.yml syntax error is one problem at its line and column, without the code frame', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(join('test/fixtures/content'), dir, { recursive: true })
  const lines = readFileSync(join(dir, 'site.yml'), 'utf8').split('\n')
  lines.splice(24, 0, '  - x: [') // after the footer (line 24): line 25
  writeFileSync(join(dir, 'site.yml'), lines.join('\n'))
  const err = await loadContent(dir).then(
    () => null,
    (e: unknown) => e,
  )
  if (!(err instanceof ContentError)) return t.fail(`a ContentError, got ${err}`)
  t.same(err.problems, ['site.yml:25:1: not valid YAML: A block sequence may not be used as an implicit map key'])
  t.same(
    err.warnings.filter((w) => w.includes('menu')),
    [],
    'no warning about pages outside menus that could not be read',
  )
})
