import t from 'tap'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { parse, stringify } from 'yaml'
import { BUILT_IN_PAGE_PATHS, IMAGE_MAX_BYTES, oversizedImage, pageOutsideMenusWarning, pagesOutsideMenus } from '../../server/content/warnings'
import { FIXTURE_CONTENT } from '../helper'
import { cliArgs } from './cli'

// `npm run content:check` as an editor's CI runs it: a child process on a copy of the fixture content.

/** The warnings the fixture content has as it is (it keeps an article and a project in Japanese only). */
const FIXTURE_WARNINGS = [
  'news/2026-01-new-year.ja.md: no English version (news/2026-01-new-year.en.md): the article is shown in Japanese only',
  'projects/kawasaki-bridge.ja.md: no English version (projects/kawasaki-bridge.en.md): the project is shown in Japanese only',
]

const ARTICLE = (fields: string) => `---\ntitle: Open house\ndate: "2026-11-20"\ncategory: notice\nexcerpt: Come and see our new office.\n${fields}---\n\nBody.\n`

/** A copy of the fixture content, changed. */
function contentCopy(t: { teardown: (fn: () => void) => void }, change: (dir: string) => void | Promise<void> = () => {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  return Promise.resolve(change(dir)).then(() => dir)
}

/** Every article and project in both languages: no warning. */
function translateAll(dir: string): void {
  copyFileSync(join(dir, 'news/2026-01-new-year.ja.md'), join(dir, 'news/2026-01-new-year.en.md'))
  copyFileSync(join(dir, 'projects/kawasaki-bridge.ja.md'), join(dir, 'projects/kawasaki-bridge.en.md'))
}

function check(dir: string, ...args: string[]) {
  const res = spawnSync(process.execPath, [...cliArgs('content-check'), ...args], {
    env: { ...process.env, CONTENT_DIR: dir },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: res.status, stdout: res.stdout, stderr: res.stderr, lines: res.stdout.split('\n').filter(Boolean) }
}

const warningLines = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('warning: '))

t.test('content with warnings only passes (exit 0) and prints each warning after "warning: "', async (t) => {
  const dir = await contentCopy(t)
  const res = check(dir)
  t.equal(res.status, 0, 'exit 0')
  t.equal(res.stderr, '', 'nothing on stderr')
  t.same(warningLines(res.stdout), FIXTURE_WARNINGS.map((w) => `warning: ${w}`))
  t.match(res.lines.at(-1), /^content OK \(.*\): news 13 ja \/ 12 en, projects 3 ja \/ 2 en, pages 5 ja \/ 5 en, version [0-9a-f]{16}, 2 warning\(s\)$/)

  const strict = check(dir, '--strict')
  t.equal(strict.status, 1, '--strict: warnings fail the check')
  t.same(warningLines(strict.stdout), FIXTURE_WARNINGS.map((w) => `warning: ${w}`), '--strict: the same warnings')
  t.equal(strict.stderr, 'content check failed: 2 warning(s) (--strict)\n')
})

t.test('content without warnings passes, also with --strict', async (t) => {
  const dir = await contentCopy(t, translateAll)
  const res = check(dir, '--strict')
  t.equal(res.status, 0)
  t.equal(res.stderr, '')
  t.same(warningLines(res.stdout), [])
  t.match(res.stdout, /^content OK \(.*\): news 13 ja \/ 13 en, projects 3 ja \/ 3 en, pages 5 ja \/ 5 en, version [0-9a-f]{16}\n$/)
})

t.test('a problem fails the check (exit 1): problems on stderr, the warnings still printed', async (t) => {
  const dir = await contentCopy(t, (dir) => {
    writeFileSync(join(dir, 'news/2025-12-article-02.en.md'), ARTICLE('').replace(/^excerpt: .*\n/m, ''))
    writeFileSync(join(dir, 'news/2025-11-article-03.ja.md'), ARTICLE('author: Ken\n'))
  })
  const res = check(dir)
  t.equal(res.status, 1)
  t.equal(
    res.stderr,
    [
      'news/2025-11-article-03.ja.md: author: is not a known field',
      'news/2025-12-article-02.en.md: excerpt: is required',
      'content check failed: 2 problem(s)',
      '',
    ].join('\n'),
  )
  // A version that has a problem is not "missing": no warning that it has no English version.
  t.same(warningLines(res.stdout), FIXTURE_WARNINGS.map((w) => `warning: ${w}`))
  t.notMatch(res.stdout, /content OK/)
})

t.test('--json: one JSON object on stdout, each line taken apart into file, field and message', async (t) => {
  const broken = await contentCopy(t, (dir) => {
    writeFileSync(join(dir, 'news/2025-12-article-02.en.md'), ARTICLE('category: castle\n').replace('category: notice\n', ''))
    writeFileSync(join(dir, 'news/2026-05-cover.en.md'), ARTICLE('cover: images/gone.png\ncoverAlt: Nothing\n'))
  })
  const res = check(broken, '--json')
  t.equal(res.status, 1, 'a problem: exit 1')
  t.equal(res.stderr, '', 'nothing on stderr')
  const report = JSON.parse(res.stdout)
  t.same(Object.keys(report), ['ok', 'problems', 'warnings', 'summary'])
  t.equal(report.ok, false)
  t.equal(report.summary, null, 'nothing loaded: no summary')
  t.same(report.problems, [
    {
      file: 'news/2025-12-article-02.en.md',
      line: null,
      column: null,
      field: 'category',
      message: 'must be one of notice, press, award, project, recruit, csr (got castle)',
      text: 'news/2025-12-article-02.en.md: category: must be one of notice, press, award, project, recruit, csr (got castle)',
    },
    {
      file: 'news/2026-05-cover.en.md',
      line: null,
      column: null,
      field: null,
      message: 'image images/gone.png does not exist',
      text: 'news/2026-05-cover.en.md: image images/gone.png does not exist',
    },
  ])
  t.same(
    report.warnings.map((w: { text: string }) => w.text),
    FIXTURE_WARNINGS,
  )
  t.same(report.warnings[0], {
    file: 'news/2026-01-new-year.ja.md',
    line: null,
    column: null,
    field: null,
    message: 'no English version (news/2026-01-new-year.en.md): the article is shown in Japanese only',
    text: FIXTURE_WARNINGS[0],
  })

  const fine = await contentCopy(t)
  const ok = check(fine, '--json')
  t.equal(ok.status, 0, 'warnings only: exit 0')
  const okReport = JSON.parse(ok.stdout)
  t.equal(okReport.ok, true)
  t.same(okReport.problems, [])
  t.equal(okReport.warnings.length, 2)
  t.same(okReport.summary, { news: { ja: 13, en: 12 }, projects: { ja: 3, en: 2 }, pages: { ja: 5, en: 5 } })

  const strict = check(fine, '--json', '--strict')
  t.equal(strict.status, 1, '--json --strict: warnings fail')
  t.equal(JSON.parse(strict.stdout).ok, false)
  t.same(JSON.parse(strict.stdout).summary, okReport.summary, 'the content loaded: its summary')
})

t.test('a YAML syntax error: one problem naming its line and column, as numbers in --json', async (t) => {
  const dir = await contentCopy(t, (dir) => {
    // The front matter's second line (the file's third): a list left open.
    writeFileSync(join(dir, 'news/2025-12-article-02.en.md'), ARTICLE('').replace('title: Open house', 'title: Open house\ncategory: [notice'))
    writeFileSync(join(dir, 'site.yml'), readFileSync(join(dir, 'site.yml'), 'utf8').replace(/^founded: .*$/m, 'founded: "1952'))
  })
  const founded = readFileSync(join(dir, 'site.yml'), 'utf8').split('\n').findIndex((l) => l.startsWith('founded:')) + 1
  const res = check(dir)
  t.equal(res.status, 1)
  const problems = res.stderr.split('\n').slice(0, -2)
  t.equal(problems.length, 2, res.stderr)
  // site.yml is read first; the open quote is noticed at the end of its line ('founded: "1952': column 15).
  t.equal(problems[0], `site.yml:${founded}:15: not valid YAML: Missing closing "quote`)
  t.equal(problems[1], 'news/2025-12-article-02.en.md:4:1: front matter is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]')
  for (const line of problems) t.notMatch(line, /at line \d+, column \d+|:$|\^/, 'no code frame, nothing dangling')

  const json = check(dir, '--json')
  t.equal(json.status, 1)
  const report = JSON.parse(json.stdout)
  t.same(
    report.problems.map((p: Record<string, unknown>) => [p.file, p.line, p.column, p.field]),
    [
      ['site.yml', founded, 15, null],
      ['news/2025-12-article-02.en.md', 4, 1, null],
    ],
  )
  t.same(
    report.problems.map((p: { text: string }) => p.text),
    problems,
    'text: the line as printed',
  )
})

t.test('an image much larger than the site shows it is a warning naming its size and what to do', async (t) => {
  const dir = await contentCopy(t, async (dir) => {
    translateAll(dir)
    await sharp({ create: { width: 5000, height: 3000, channels: 3, background: '#4a7' } }).png().toFile(join(dir, 'images/huge.png'))
    // 1200 px of noise: not too wide, but over 2 MB.
    const noise = randomBytes(1200 * 1000 * 3)
    await sharp(noise, { raw: { width: 1200, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toFile(join(dir, 'images/heavy.png'))
    writeFileSync(join(dir, 'news/2026-05-huge.en.md'), ARTICLE('cover: images/huge.png\ncoverAlt: A field\n'))
    writeFileSync(join(dir, 'news/2026-05-huge.ja.md'), ARTICLE('cover: images/huge.png\ncoverAlt: 野原\n'))
    writeFileSync(join(dir, 'news/2026-06-heavy.en.md'), ARTICLE('cover: images/heavy.png\ncoverAlt: Noise\n'))
    writeFileSync(join(dir, 'news/2026-06-heavy.ja.md'), ARTICLE('cover: images/heavy.png\ncoverAlt: ノイズ\n'))
  })
  const res = check(dir)
  t.equal(res.status, 0, 'a warning does not fail the check')
  const warnings = warningLines(res.stdout)
  t.equal(warnings.length, 2, 'one warning per image, however many files use it')
  t.equal(
    warnings[0],
    'warning: images/huge.png: is 5000 px wide, more than twice the widest size the site shows it at (1600 px): resize it to 1600 px wide (the site never shows it wider)',
  )
  t.match(warnings[1], /^warning: images\/heavy\.png: is \d\.\d MB, more than 2\.0 MB: save it with stronger compression \(JPEG quality about 80\)$/)
  const report = JSON.parse(check(dir, '--json').stdout)
  t.same(
    report.warnings[0],
    { file: 'images/huge.png', line: null, column: null, field: null, message: warnings[0]!.slice('warning: images/huge.png: '.length), text: warnings[0]!.slice('warning: '.length) },
    '--json: the image warning',
  )
  t.equal(check(dir, '--strict').status, 1, '--strict: it fails')
})

// Pages written at their own path (content/pages/<name>.<lang>.md with `path:`) and site.yml `menus`.
const PAGES_AT_PATHS = existsSync('server/content/navigation.ts')

t.test('a page no menu links to is a warning', { skip: !PAGES_AT_PATHS && 'pages at their own path are not in this tree' }, async (t) => {
  const page = (title: string) => `---\ntitle: ${title}\ndescription: ${title}.\npath: /recruit\n---\n\nBody.\n`
  const recruit = (dir: string) => {
    translateAll(dir)
    writeFileSync(join(dir, 'pages/recruit.ja.md'), page('採用情報'))
    writeFileSync(join(dir, 'pages/recruit.en.md'), page('Careers'))
  }
  const outside = 'warning: pages/recruit.ja.md: path: /recruit is in no menu of site.yml (menus.header, menus.footer): visitors reach the page only through a link in another page or its address'
  /** The page, and site.yml with these menus (undefined: without `menus:`). */
  const menus = (written: { header: unknown[]; footer: unknown[] } | undefined) => (dir: string) => {
    recruit(dir)
    const site = parse(readFileSync(join(dir, 'site.yml'), 'utf8')) as Record<string, unknown>
    if (written) site.menus = written
    else delete site.menus
    writeFileSync(join(dir, 'site.yml'), stringify(site))
  }
  const noMenus = check(await contentCopy(t, menus(undefined)))
  t.equal(noMenus.status, 0, noMenus.stderr)
  t.same(warningLines(noMenus.stdout), [outside], 'no menus: the default menus do not list it')

  const listed = check(await contentCopy(t, menus({ header: ['/about', '/service', '/greeting'], footer: [{ path: '/recruit', label: { ja: '採用', en: 'Jobs' } }, '/privacy-policy', '/term-of-service'] })))
  t.equal(listed.status, 0, listed.stderr)
  t.same(warningLines(listed.stdout), [], 'in a menu (with its own label): no warning')

  const left = check(await contentCopy(t, menus({ header: ['/about', '/recruit'], footer: ['/privacy-policy', '/term-of-service'] })), '--json')
  t.equal(left.status, 0, left.stderr)
  t.same(
    JSON.parse(left.stdout).warnings.map((w: { file: string; field: string | null }) => [w.file, w.field]),
    [
      ['pages/service.ja.md', 'path'],
      ['pages/greeting.ja.md', 'path'],
    ],
    'a built-in page left out of every menu too',
  )
})

t.test('the shipped content passes', async (t) => {
  const res = check('content')
  t.equal(res.status, 0, res.stderr)
  t.equal(res.stderr, '')
  t.match(res.lines.at(-1), /^content OK /)
})

t.test('an unknown option is a usage error', async (t) => {
  const res = check(FIXTURE_CONTENT, '--jsno')
  t.equal(res.status, 2)
  t.equal(res.stdout, '')
  t.match(res.stderr, /unknown option --jsno\nusage: content-check \[--json\] \[--strict\]/)
})

t.test('oversizedImage: raster images over twice their widest variant or over 2 MB; never SVG', async (t) => {
  t.equal(oversizedImage('images/a.jpg', 3200, 1_000_000), null, 'twice the widest variant: fine')
  t.equal(oversizedImage('images/a.jpg', 800, IMAGE_MAX_BYTES), null, '2 MB exactly: fine')
  t.equal(oversizedImage('images/a.svg', 20000, 50 * IMAGE_MAX_BYTES), null, 'SVG: never')
  t.equal(oversizedImage('images/a.SVG', 20000, 0), null, 'SVG in capitals: never')
  t.equal(
    oversizedImage('images/a.jpg', 6000, 5 * 1024 * 1024),
    'images/a.jpg: is 6000 px wide and 5.0 MB, more than twice the widest size the site shows it at (1600 px): resize it to 1600 px wide (the site never shows it wider)',
  )
  t.match(oversizedImage('images/a.jpg', 2400, 3 * 1024 * 1024), /^images\/a\.jpg: is 3\.0 MB, more than 2\.0 MB: resize it to 1600 px wide \(/, 'heavy and wider than shown: resize')
  t.match(oversizedImage('images/a.png', 1000, 3 * 1024 * 1024), /: resize it to 800 px wide \(/, 'heavy, 1000 px: its widest variant is 800 px')
  t.match(oversizedImage('images/a.png', 1200, 3 * 1024 * 1024), /: save it with stronger compression \(JPEG quality about 80\)$/, 'heavy at a variant width: compress')
  t.equal(oversizedImage('images/a.png', 3201, 0), 'images/a.png: is 3201 px wide, more than twice the widest size the site shows it at (1600 px): resize it to 1600 px wide (the site never shows it wider)')
})

t.test('pagesOutsideMenus: the pages no menu of site.yml links to', async (t) => {
  const pages = [...BUILT_IN_PAGE_PATHS, '/recruit', '/company/history']
  t.same(BUILT_IN_PAGE_PATHS, ['/about', '/service', '/greeting', '/privacy-policy', '/term-of-service'])
  t.same(pagesOutsideMenus(pages, undefined), ['/recruit', '/company/history'], 'no menus: the default menus list only the built-in pages')
  t.same(
    pagesOutsideMenus(pages, {
      header: ['/about', '/service', { path: '/recruit', label: { ja: '採用情報', en: 'Careers' } }, '/news'],
      footer: ['/greeting', '/privacy-policy', '/term-of-service/'],
    }),
    ['/company/history'],
    'paths and { path, label } entries of every menu count; a trailing / is the same page',
  )
  t.same(pagesOutsideMenus(pages, { header: ['/about'], footer: [] }), ['/service', '/greeting', '/privacy-policy', '/term-of-service', '/recruit', '/company/history'], 'built-in pages left out are named too')
  t.same(pagesOutsideMenus(['/recruit', '/recruit/'], { header: null }), ['/recruit'], 'each page once; an empty menu')
  t.equal(
    pageOutsideMenusWarning('/recruit', 'pages/recruit.ja.md'),
    'pages/recruit.ja.md: path: /recruit is in no menu of site.yml (menus.header, menus.footer): visitors reach the page only through a link in another page or its address',
  )
})
