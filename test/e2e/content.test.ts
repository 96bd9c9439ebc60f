import t from 'tap'
import { openSuite } from './browser'

const { server, browser } = await openSuite(t)

for (const [lang, prefix, projectsLabel, newsLabel, project, article] of [
  ['ja', '', '施工実績', 'お知らせ', '港区オフィスビル新築工事', '本社を移転しました'],
  ['en', '/en', 'Projects', 'News', 'Minato office tower', 'We have moved our head office'],
] as const) {
  t.test(`${lang}: home -> project -> gallery image, home -> article`, async (t) => {
    // The browser's language matters at the bare root, which negotiates.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' })
    t.teardown(() => context.close())
    const page = await context.newPage()
    await page.goto(server.origin + (prefix || '/'))
    await page.locator('.site-header__desktop').getByRole('link', { name: projectsLabel, exact: true }).click()
    await page.waitForURL(server.origin + prefix + '/construction-project')
    await page.getByRole('link', { name: project }).click()
    await page.waitForURL(server.origin + prefix + '/construction-project/minato-office-tower')
    t.equal(await page.locator('h1').textContent(), project)
    const cover = page.locator('.article__cover img')
    // Links navigate in place (client/navigation.tsx): the URL changes before the new page's images have loaded.
    await cover.evaluate((img: HTMLImageElement) => img.complete || new Promise((done) => (img.addEventListener('load', done), img.addEventListener('error', done))))
    t.equal(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true, 'cover image loaded (a real variant)')
    const link = page.locator('.gallery__link').first()
    await link.scrollIntoViewIfNeeded()
    const [response] = await Promise.all([page.waitForResponse(/\/media\/.*\.jpg$/), link.click()])
    t.equal(response.status(), 200, 'the gallery opens the large image without JavaScript')
    t.equal(response.headers()['content-type'], 'image/jpeg')

    await page.goto(server.origin + (prefix || '/'))
    await page.getByRole('link', { name: article }).first().click()
    await page.waitForURL(server.origin + prefix + '/news/2026-04-new-office')
    t.equal(await page.locator('h1').textContent(), article)
    await page.locator('.breadcrumb').getByRole('link', { name: newsLabel }).click()
    await page.waitForURL(server.origin + prefix + '/news')
    t.equal(await page.locator('.news-list__item').count(), 10, 'first page of the list')
  })
}
