import t from 'tap'
import { buildHead, type HeadData } from '../../shared/head'
import { headTags } from '../../shared/head-tags'
import { escapeHtml } from '../../shared/escape'
import { safeJson } from '../../shared/script-json'
import { computeAlternates } from '../../shared/alternates'
import { serializeHeadTag, serializePageTags } from '../../server/render/document'

const alternates = computeAlternates('/news/x', 'en', 'https://x.test')

/** An article's head: every optional tag present. */
const article: HeadData = buildHead({
  locale: 'en',
  title: 'Open house | ACME',
  description: 'We open our doors.',
  defaultDescription: 'Default',
  siteName: 'ACME',
  alternates,
  ogType: 'article',
  ogImage: { url: 'https://x.test/media/a/cover-1200.jpg', width: 1200, height: 675, alt: 'The office' },
  feed: { href: 'https://x.test/en/news/feed.xml', title: 'ACME news' },
  jsonLd: [{ '@type': 'NewsArticle', headline: 'Open house' }],
})

t.test('the page tags of an article, in document order', async (t) => {
  const html = headTags(article).map(serializeHeadTag)
  t.same(html, [
    '<title>Open house | ACME</title>',
    '<meta name="description" content="We open our doors.">',
    '<link rel="canonical" href="https://x.test/en/news/x">',
    '<link rel="alternate" hreflang="ja" href="https://x.test/news/x">',
    '<link rel="alternate" hreflang="en" href="https://x.test/en/news/x">',
    '<link rel="alternate" hreflang="x-default" href="https://x.test/news/x">',
    '<meta property="og:type" content="article">',
    '<meta property="og:site_name" content="ACME">',
    '<meta property="og:title" content="Open house | ACME">',
    '<meta property="og:description" content="We open our doors.">',
    '<meta property="og:url" content="https://x.test/en/news/x">',
    '<meta property="og:locale" content="en_US">',
    '<meta property="og:locale:alternate" content="ja_JP">',
    '<meta property="og:image" content="https://x.test/media/a/cover-1200.jpg">',
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="675">',
    '<meta property="og:image:alt" content="The office">',
    '<meta name="twitter:card" content="summary_large_image">',
    '<link rel="alternate" type="application/atom+xml" title="ACME news" href="https://x.test/en/news/feed.xml">',
    '<script type="application/ld+json">{"@type":"NewsArticle","headline":"Open house"}</script>',
  ])
})

t.test('an error page: noindex, no canonical, no hreflang, no og:url, no picture', async (t) => {
  const head = buildHead({ locale: 'ja', title: 'Not found', defaultDescription: 'D', siteName: 'ACME', alternates, isError: true })
  const tags = headTags(head)
  t.same(tags.slice(0, 3), [
    { tag: 'title', attrs: {}, text: 'Not found' },
    { tag: 'meta', attrs: { name: 'description', content: 'D' } },
    { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
  ])
  const kinds = tags.map((tag) => tag.attrs.rel ?? tag.attrs.property ?? tag.attrs.name ?? tag.tag)
  t.same(kinds, ['title', 'description', 'robots', 'og:type', 'og:site_name', 'og:title', 'og:description', 'og:locale', 'og:locale:alternate'])
})

t.test('attribute values and the title are escaped; structured data cannot leave its script element', async (t) => {
  const hostile = 'a "b" <c> & \'d\''
  t.equal(escapeHtml(hostile), 'a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;')
  const head: HeadData = { ...article, title: hostile, description: hostile, jsonLd: [{ name: '</script><script>alert(1)</script>', text: 'line\u2028break\u2029' }] }
  const html = headTags(head).map(serializeHeadTag)
  t.equal(html[0], `<title>${escapeHtml(hostile)}</title>`)
  t.equal(html[1], `<meta name="description" content="${escapeHtml(hostile)}">`)
  const script = html.at(-1)!
  const json = script.slice('<script type="application/ld+json">'.length, -'</script>'.length)
  t.notMatch(json, /[<\u2028\u2029]/, 'no "<" and no line separator inside the element')
  t.same(JSON.parse(json), head.jsonLd[0], 'reads back as the same data')
  t.equal(json, safeJson(head.jsonLd[0]))
  t.equal(headTags(head).at(-1)!.text, json, 'the browser holds the same text the document carries')
})

t.test('the page tags as HTML: each tag in order, nothing around them', async (t) => {
  const html = serializePageTags(headTags(article))
  t.equal(html, headTags(article).map(serializeHeadTag).join(''))
  t.ok(html.startsWith('<title>'))
  t.ok(html.endsWith('</script>'))
  t.notMatch(html, /<!--/, 'no comment')
})
