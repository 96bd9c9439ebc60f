// Byte-identical pages before and after a change: fetches every page of both sitemaps and the other answers a
// visitor or a crawler gets (404 pages, news page 2 and a category, the contact form and its success page,
// robots.txt, feeds, the messages React loads when a page hydrates) from the built server with the
// shipped content, and keeps a SHA-256 of each answer (status, content type, Location and body).
//   node build.mjs && node bench/page-bytes.mjs --out before.json
//   ... change, rebuild ...
//   node build.mjs && node bench/page-bytes.mjs --compare before.json [--out after.json] [--dump DIR]
// --compare prints each URL whose answer differs or that only one run has, then "N same, N differ, N missing",
// and exits 1 when any differ or are missing. What differs between visitors or days is always normalized: the
// form's signed token, the form's dates (today, a year later) and the server's loopback origin. The build's
// hashed file names (/assets/entry-ABC123.js) and its build id change with any change to the client bundle: by
// default they are normalized too (the count is printed); --exact keeps them. --dump DIR writes each answer,
// normalized, to DIR for a diff.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { arg, startBuiltServer } from './built-server.mjs'

const out = arg('out')
const compare = arg('compare')
const dump = arg('dump')
const exact = process.argv.includes('--exact')

/** The public origin the server is told it has (SITE_URL): absolute URLs in pages are the same in every run. */
const SITE = 'https://site.example'
/** A well-formed inquiry reference (shared/contact/page-data.ts REFERENCE_PATTERN). */
const REF = 'Q-20260401-7F3K2A'
const buildId = JSON.parse(readFileSync('dist/manifest.json', 'utf8')).id

/** Pages beyond the sitemaps' (paths with their locale prefix). */
const EXTRA = [
  '/', '/ja', '/en',
  '/no-such-page', '/en/no-such-page',
  '/news?page=2', '/en/news?page=2', '/news?category=award', '/en/news?category=project',
  '/construction-project?category=public',
  '/contact', '/en/contact', `/contact/success?ref=${REF}`, `/en/contact/success?ref=${REF}`,
  '/robots.txt',
  '/news/feed.xml', '/ja/news/feed.xml', '/en/news/feed.xml',
]
const SITEMAPS = ['/sitemap.xml', '/ja/sitemap.xml', '/en/sitemap.xml']

/** Replaces what a regexp matches, counting the replacements in counts[name]. */
function replaceCounting(text, re, to, counts, name) {
  return text.replace(re, (...m) => {
    counts[name] = (counts[name] ?? 0) + 1
    return typeof to === 'function' ? to(...m) : to
  })
}

/** The answer as hashed: per-visitor and per-day values always normalized, build names unless --exact. */
function normalize(text, origin, counts) {
  let s = text.split(origin).join('{local-origin}')
  if (s !== text) counts['loopback origin'] = (counts['loopback origin'] ?? 0) + text.split(origin).length - 1
  s = replaceCounting(s, /v1\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}/g, '{token}', counts, 'form token')
  s = replaceCounting(s, /\b(min|max)="\d{4}-\d{2}-\d{2}"/g, (_, a) => `${a}="{date}"`, counts, 'form date')
  s = replaceCounting(s, /"today":"\d{4}-\d{2}-\d{2}"/g, '"today":"{date}"', counts, 'form date')
  if (exact) return s
  s = replaceCounting(s, /(\/assets\/[A-Za-z0-9_.-]+?)-[A-Z0-9]{8}\.(js|css|map)\b/g, (_, a, b) => `${a}-{hash}.${b}`, counts, 'hashed asset name')
  return replaceCounting(s, new RegExp(buildId, 'g'), '{build}', counts, 'build id')
}

/** Fetches one URL (no redirect followed) and returns what is hashed. */
async function answer(origin, url, counts) {
  const res = await fetch(origin + url.replaceAll('{build}', buildId), {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) page-bytes', 'accept-language': 'ja' },
  })
  const body = await res.text()
  const location = res.headers.get('location')
  const head = `${res.status} ${res.headers.get('content-type') ?? '-'}${location ? ` -> ${location}` : ''}\n`
  return { body, text: normalize(head + body, origin, counts) }
}

/** Every page path a sitemap lists (<loc> and its alternates), and any sitemap it names. */
function sitemapPaths(xml) {
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>|\bhref="([^"]+)"/g)].map((m) => m[1] ?? m[2])
  return urls.filter((u) => u.startsWith(SITE)).map((u) => u.slice(SITE.length) || '/')
}

async function collect() {
  const server = await startBuiltServer({ SITE_URL: SITE })
  const counts = {}
  const hashes = {}
  const seen = new Set()
  if (dump) mkdirSync(dump, { recursive: true })
  const record = async (url) => {
    if (seen.has(url)) return null
    seen.add(url)
    const { body, text } = await answer(server.origin, url, counts)
    hashes[url] = createHash('sha256').update(text).digest('hex')
    if (dump) writeFileSync(join(dump, url.replace(/[^A-Za-z0-9._-]+/g, '_') || '_'), text)
    return body
  }
  try {
    const pages = []
    const queue = [...SITEMAPS]
    while (queue.length) {
      const map = queue.shift()
      const xml = await record(map)
      if (xml === null) continue
      for (const path of sitemapPaths(xml)) {
        if (/sitemap[^/]*\.xml$/.test(path)) queue.push(path)
        else if (!pages.includes(path)) pages.push(path)
      }
    }
    if (pages.length < 10) throw new Error(`the sitemaps list only ${pages.length} pages: ${pages.join(' ')}`)
    for (const url of [...pages, ...EXTRA]) await record(url)
    for (const code of ['ja', 'en']) await record(`/_i18n/{build}/${code}/messages.json`)
  } finally {
    await server.stop()
  }
  return { hashes, counts }
}

const { hashes, counts } = await collect()
const urls = Object.keys(hashes)
console.log(`${urls.length} URLs fetched (build ${buildId}${exact ? ', --exact' : ''})`)
const normalized = Object.entries(counts).map(([what, n]) => `${n} ${what}${n === 1 ? '' : 's'}`)
console.log(`normalized: ${normalized.join(', ') || 'nothing'}${exact ? '' : ' (--exact keeps hashed asset names and the build id)'}`)
if (out) {
  const sorted = Object.fromEntries(urls.sort().map((u) => [u, hashes[u]]))
  writeFileSync(out, JSON.stringify(sorted, null, 2) + '\n')
  console.log(`wrote ${out}`)
}
if (compare) {
  const before = JSON.parse(readFileSync(compare, 'utf8'))
  let same = 0
  let differ = 0
  let missing = 0
  for (const url of [...new Set([...Object.keys(before), ...urls])].sort()) {
    if (!(url in before)) {
      missing++
      console.log(`missing before: ${url}`)
    } else if (!(url in hashes)) {
      missing++
      console.log(`missing now:    ${url}`)
    } else if (before[url] === hashes[url]) same++
    else {
      differ++
      console.log(`differs:        ${url}`)
    }
  }
  console.log(`${same} same, ${differ} differ, ${missing} missing (against ${compare})`)
  if (differ || missing) process.exitCode = 1
}
