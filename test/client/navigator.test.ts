import t from 'tap'
import { payloadPagePath } from '../../shared/payload-url'
import { head, link, ORIGIN, setup, state } from './navigator-fixture'

t.test('a followed link: payload, then React Router and the page in one update, head, top, focus', async (t) => {
  const s = setup('/en')
  t.ok(await s.click('/en/about'), 'the click is taken over')
  t.same(s.fetched, ['/_payload/b1/en/about.json'])
  t.same(s.log, ['busy', 'idle', 'push /about', 'render /about /en/about', 'head /en/about', 'focus h1'])
  t.equal(s.router.url, '/en/about', "React Router's location is the new page")
  t.equal(s.y, 0, 'a new page starts at the top')
  t.equal(s.heading.attrs.tabindex, '-1', 'the h1 can take the focus (without scrolling to it)')
  s.log.length = 0
  await s.click('/en/news?page=2#team')
  t.same(s.fetched.at(-1), '/_payload/b1/en/news.json?page=2')
  t.same(s.log.slice(2), ['push /news?page=2#team', 'render /news /en/news?page=2', 'head /en/news', 'scroll to #team', 'focus h1'], 'a fragment scrolls to its element')
  s.log.length = 0
  await s.click('/en')
  t.same(s.log.slice(2, 3), ['push /'], 'the home page of the prefix')
})

t.test('links the navigator leaves to the browser', async (t) => {
  const s = setup('/en/about')
  const declined = [
    ['/en/news', {}],
    ['/en/news', { 'data-nav': '', download: '' }],
    ['/en/news', { 'data-nav': '', target: '_blank' }],
    ['https://elsewhere.test/en/news', { 'data-nav': '' }],
    ['/_locale/ja?to=/about', { 'data-nav': '' }],
    ['/news', { 'data-nav': '' }],
    ['/ja/news', { 'data-nav': '' }],
    ['/en/contact', { 'data-nav': '' }],
    ['/en/about#history', { 'data-nav': '' }],
  ] as const
  for (const [href, attrs] of declined) t.notOk(await s.click(href, attrs), `${href} ${JSON.stringify(attrs)}`)
  t.same(s.fetched, [], 'nothing loaded')
  t.same(s.log, [])
  t.ok(await s.click('/en/news', { 'data-nav': '', target: '_self' }), 'target=_self is this window')
})

t.test('Back and Forward: the router moved, the page follows and the visitor is where they were', async (t) => {
  const s = setup('/en/news')
  s.y = 600
  await s.click('/en/news/first')
  s.y = 200
  await s.click('/en/about')
  t.equal(s.y, 0)
  s.log.length = 0
  s.router.go(-1)
  await s.settle()
  t.same(s.log, ['busy', 'idle', 'render /news/first /en/news/first', 'head /en/news/first', 'focus h1'], 'no history entry is made')
  t.equal(s.y, 200, 'back where the visitor was')
  s.router.go(-1)
  await s.settle()
  t.equal(s.y, 600)
  s.y = 50
  s.router.go(2)
  await s.settle()
  t.equal(s.y, 0, 'forward: the position the page was left at')
  s.router.go(-2)
  await s.settle()
  t.equal(s.y, 50)
})

t.test('entries React Router did not key (the first page, fragment links) keep their own positions', async (t) => {
  const s = setup('/en/news')
  s.y = 600
  await s.click('/en/about')
  s.router.push('/en/about', '#team') // a fragment link: the browser scrolls, React Router names the entry 'default'
  s.y = 300
  await s.click('/en/service')
  for (const [y, message] of [[300, 'the fragment entry'], [300, 'the page above it: nothing to load'], [600, 'the first page']] as const) {
    s.router.go(-1)
    await s.settle()
    t.equal(s.y, y, message)
  }
})

t.test('an entry of the page on screen (a fragment, the contact form step) loads nothing and stops a pending load', async (t) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const s = setup('/en/about', {
    answer: async (url) => {
      if (url.includes('/slow')) await gate
      return Response.json({ state: state(payloadPagePath(url, 'b1')!.slice(3)), head: head(url) })
    },
  })
  await s.click('/en/slow')
  release()
  await s.settle()
  s.log.length = 0
  s.router.go(-1) // back to /en/about: loading
  s.router.go(1) // forward to /en/slow, still on screen
  await s.settle()
  t.same(s.log, ['busy', 'idle'], 'the page on screen stays')
  s.log.length = 0
  s.router.push('/en/slow') // a step of the page (the contact form's review) is an entry of its own
  await s.settle()
  t.same(s.log, ['idle'], 'nothing to load')
  s.y = 300
  s.router.push('/en/about') // any other move of React Router: the page follows, from the top
  await s.settle()
  t.same(s.log.slice(1), ['busy', 'idle', 'render /about /en/about', 'head /_payload/b1/en/about.json', 'focus h1'])
  t.equal(s.y, 0)
})

t.test('a new build: every link loads its document', async (t) => {
  const s = setup('/en', { stale: true })
  s.navigator.prefetch(link('/en/about'))
  t.ok(await s.click('/en/about'))
  t.same(s.fetched, [], 'nothing prefetched or loaded')
  t.same(s.log, [`load ${ORIGIN}/en/about`])
})

t.test('the later of two navigations wins; a link to the page on screen replaces its entry', async (t) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const s = setup('/en', {
    answer: async (url) => {
      if (url.includes('/slow')) await gate
      return Response.json({ state: state(payloadPagePath(url, 'b1')!.slice(3)), head: head(url) })
    },
  })
  s.navigator.follow(link('/en/slow'))
  await s.click('/en/about')
  release()
  await s.settle()
  t.equal(s.log.filter((l) => l.startsWith('render')).join(), 'render /about /en/about', 'only the later page renders')
  s.log.length = 0
  await s.click('/en/about')
  t.same(s.log.slice(2, 4), ['replace /about', 'render /about /en/about'], 'clicking the current page reloads it in place')
})
