// Dialogs say what will happen, in the content editor: the save (which languages visitors see it in),
// a new item's creation (a draft: its own button, not the same words as "write in English"), the
// publication of one language (now, at a Japan time, back to draft), the deletion, a revision's restore,
// an unreadable file's fix and removal and "keep mine" name the item, the language and the time, in the
// staff member's language; the step without JavaScript says what the dialog says. Through app.inject.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { rendered } from '../inbox/detail-helper'
import { clock } from '../staff/web-helper'
import { dialogOf, sameWords, stepOf } from '../staff/confirm-helper'
import { editor, editorApp, formOf, openItem, pageState, post } from './pages-helper'

const NEWS = 'news/2026-04-new-office'
const ITEM = `/admin/content/${NEWS}`

const WORDS = {
  ja: {
    save: ['「本社を移転しました」の変更を保存しますか？', '公開中の言語（日本語、英語）には、すぐに反映されて訪問者に表示されます。'],
    savedDraft: ['「本社を移転しました」の変更を保存しますか？', '公開中の言語（日本語）には、すぐに反映されて訪問者に表示されます。'],
    create: ['「年末年始の休業」を下書きとして作成しますか？', '公開するまで訪問者には表示されません。作成したあと、言語ごとに公開できます。'],
    createButton: '下書きとして作成',
    write: '英語で書く',
    publish: ['「本社を移転しました」の日本語版を今すぐ公開しますか？', '日本語版がすぐに訪問者に表示されます。ほかの言語はそのままです。'],
    schedule: ['「本社を移転しました」の日本語版を 2027-01-04 09:30 に公開しますか？', '日本語版は 2027-01-04 09:30（日本時間）から訪問者に表示され、それまでは表示されません。ほかの言語はそのままです。'],
    draft: ['「We have moved our head office」の英語版を下書きに戻しますか？', '英語版は訪問者に表示されなくなり、もう一度公開するまで表示されません。ほかの言語はそのままです。'],
    delete: ['「本社を移転しました」を削除しますか？', 'すべての言語で削除され、訪問者に表示されなくなります。履歴は残るので、元に戻せます。'],
    restore: /^「本社を移転しました」を(\d+)番の履歴（2026-11-26 \d\d:\d\d:\d\d JST）に戻しますか？$/,
    rawSave: [`${NEWS}.ja.md をこの内容で保存しますか？`, '正しく読める内容なら保存され、訪問者にもこの内容で表示されます。読めないところが残っていれば何も保存せず、その場所を示します。'],
    rawRemove: [`${NEWS}.ja.md（日本語）を削除しますか？`, 'このコンテンツの日本語版がなくなり、訪問者に表示されなくなります。ほかの言語はそのまま残ります（最後の言語なら、コンテンツ全体が削除されます）。履歴から元に戻せます。'],
    keepMine: ['ほかの人の保存の上に、あなたの内容を保存しますか？', '「本社を移転しました」はあなたの入力した内容になり、ほかの人の変更は置き換えられます（履歴には残ります）。'],
  },
  en: {
    save: ['Save the changes to “We have moved our head office”?', 'Visitors see them at once in the published languages (Japanese and English).'],
    savedDraft: ['Save the changes to “We have moved our head office”?', 'Visitors see them at once in the published languages (Japanese).'],
    create: ['Create “Year-end holidays” as a draft?', 'Visitors do not see it until it is published. Once created, each language is published on its own.'],
    createButton: 'Create as a draft',
    write: 'Write in English',
    publish: ['Publish the Japanese version of “本社を移転しました” now?', 'Visitors see the Japanese version at once. The other language stays as it is.'],
    schedule: ['Publish the Japanese version of “本社を移転しました” at 2027-01-04 09:30?', 'Visitors see the Japanese version from 2027-01-04 09:30 (Japan time), not before. The other language stays as it is.'],
    draft: ['Set the English version of “We have moved our head office” back to draft?', 'Visitors no longer see the English version until it is published again. The other language stays as it is.'],
    delete: ['Delete “We have moved our head office”?', 'It is removed in every language and visitors no longer see it. Its revisions stay, so it can be restored.'],
    restore: /^Restore “本社を移転しました” to revision No\. (\d+) \(2026-11-26 \d\d:\d\d:\d\d JST\)\?$/,
    rawSave: [`Save ${NEWS}.ja.md with this text?`, 'If it reads, it is saved and visitors see it so. If something still cannot be read, nothing is saved and the page says where.'],
    rawRemove: [`Delete ${NEWS}.ja.md (Japanese)?`, 'The Japanese version of this item is gone and visitors no longer see it; the other language stays (the last one: the whole item is deleted). It can be restored from the history.'],
    keepMine: ['Save yours over the other save?', '“We have moved our head office” becomes what you typed, and the other person’s changes are replaced (they stay in the revisions).'],
  },
} as const

t.test('save, create, publish, schedule, draft and delete: the item, the language, the time, what visitors see', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  for (const lang of ['ja', 'en'] as const) {
    const words = WORDS[lang]
    const ed = await editor(app, time, lang)
    const page = await openItem(app, ed, 'news', '2026-04-new-office')
    const { form, base } = formOf(page)
    const save = await post(app, ed, ITEM, { ...form, base })
    sameWords(t, dialogOf(page, 'data-form="editor"'), stepOf(save, 'save'), words.save, `${lang} save`)

    const fresh = await app.inject({ url: '/admin/content/new/news', headers: ed.headers })
    const labels = [...rendered(fresh).matchAll(/<(?:a|button)[^>]*class="button[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1])
    t.ok(labels.includes(words.createButton) && labels.includes(words.write), `${lang}: the create button and the write button have words of their own (${labels.join(', ')})`)
    t.equal(new Set(labels).size, labels.length, `${lang}: no two buttons say the same`)
    const fields = { 'has.ja': '1', 'ja.draft': '1', 'ja.title': '年末年始の休業', 'ja.date': '2026-12-01', 'ja.category': 'notice', 'ja.excerpt': 'お知らせ', 'ja.body': '本文です。', 'has.en': '1', 'en.draft': '1', 'en.title': 'Year-end holidays', 'en.date': '2026-12-01', 'en.category': 'notice', 'en.excerpt': 'Notice', 'en.body': 'The body.' }
    const create = await post(app, ed, '/admin/content/new/news', { ...fields, slug: `2026-12-year-end-${lang}` })
    t.equal(create.statusCode, 200)
    sameWords(t, dialogOf(create, 'data-form="editor"'), stepOf(create, 'save'), words.create, `${lang} create`)

    const publish = await post(app, ed, `${ITEM}/publish`, { locale: 'ja', action: 'publish' })
    sameWords(t, dialogOf(page, 'data-form="publish-ja"'), stepOf(publish, 'publish'), words.publish, `${lang} publish now`)
    const schedule = await post(app, ed, `${ITEM}/publish`, { locale: 'ja', action: 'schedule', at: '2027-01-04T09:30' })
    sameWords(t, dialogOf(schedule, 'data-form="publish-ja"'), stepOf(schedule, 'publish'), words.schedule, `${lang} schedule`)
    const draft = await post(app, ed, `${ITEM}/publish`, { locale: 'en', action: 'draft' })
    sameWords(t, dialogOf(draft, 'data-form="publish-en"'), stepOf(draft, 'publish'), words.draft, `${lang} draft`)

    const remove = await post(app, ed, `${ITEM}/delete`, {})
    sameWords(t, dialogOf(page, 'data-form="delete"'), stepOf(remove, 'delete'), words.delete, `${lang} delete`)
  }
  t.match(readFileSync(join(dir, `${NEWS}.en.md`), 'utf8'), /^---\ntitle: We have moved our head office\n(?![\s\S]*draft)/, 'nothing done without the confirmation')

  t.equal((await post(app, await editor(app, time), `${ITEM}/publish`, { locale: 'en', action: 'draft', confirmed: '1' })).statusCode, 303)
  for (const lang of ['ja', 'en'] as const) {
    const page = await openItem(app, await editor(app, time, lang), 'news', '2026-04-new-office')
    const [title, text] = WORDS[lang].savedDraft
    t.same(dialogOf(page, 'data-form="editor"'), { title, text }, `${lang}: a save says only the published languages change for visitors`)
  }
})

t.test("a revision's restore, an unreadable file's fix and removal, keep mine", async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const first = await editor(app, time)
  for (const title of ['本社を移転しました（一）', '本社を移転しました']) {
    const { form, base } = formOf(await openItem(app, first, 'news', '2026-04-new-office'))
    t.equal((await post(app, first, ITEM, { ...form, base, 'ja.title': title, confirmed: '1' })).statusCode, 303)
  }
  const ja = readFileSync(join(dir, `${NEWS}.ja.md`), 'utf8')
  for (const lang of ['ja', 'en'] as const) {
    const words = WORDS[lang]
    const ed = await editor(app, time, lang)
    const revisions = await app.inject({ url: `${ITEM}/revisions`, headers: ed.headers })
    const dialog = dialogOf(revisions, 'data-op="restore"')
    const seq = words.restore.exec(dialog.title)?.[1]
    t.ok(seq, `${lang} restore: the item, the revision and its time (${dialog.title})`)
    const restore = await post(app, ed, `${ITEM}/restore`, { seq: seq!, hash: /name="hash" value="([^"]+)"/.exec(revisions.body)![1]! })
    t.ok(stepOf(restore, 'restore').includes(dialog.title) && stepOf(restore, 'restore').includes(dialog.text), `${lang} restore: the step says the same`)
    t.match(dialog.text, lang === 'ja' ? '両言語とも、そのときの内容と公開の状態になり' : 'Both languages become as they were then, text and publication alike')

    // Someone saved meanwhile: "keep mine" says whose changes it replaces.
    const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
    const en = readFileSync(join(dir, `${NEWS}.en.md`), 'utf8')
    writeFileSync(join(dir, `${NEWS}.en.md`), en.replace(/^title: .*$/m, 'title: Their title'))
    const conflict = await post(app, ed, ITEM, { ...form, base, 'ja.body': '私の本文', confirmed: '1' })
    t.equal(conflict.statusCode, 409)
    const [title, text] = words.keepMine
    t.same(dialogOf(conflict, 'data-conflict'), { title, text }, `${lang} keep mine`)
    writeFileSync(join(dir, `${NEWS}.en.md`), en)
  }

  writeFileSync(join(dir, `${NEWS}.ja.md`), ja.replace(/^title: .*$/m, 'title: [unclosed'))
  for (const lang of ['ja', 'en'] as const) {
    const words = WORDS[lang]
    const ed = await editor(app, time, lang)
    const page = await openItem(app, ed, 'news', '2026-04-new-office')
    const { base } = pageState(page).data
    const fix = await post(app, ed, ITEM, { base, rawFile: `${NEWS}.ja.md`, rawAction: 'save', rawText: ja })
    sameWords(t, dialogOf(page, 'data-form="raw-save"'), stepOf(fix, 'raw-save'), words.rawSave, `${lang} fix`)
    const remove = await post(app, ed, ITEM, { base, rawFile: `${NEWS}.ja.md`, rawAction: 'remove' })
    sameWords(t, dialogOf(page, 'data-form="raw-remove"'), stepOf(remove, 'raw-remove'), words.rawRemove, `${lang} remove`)
  }
  t.match(readFileSync(join(dir, `${NEWS}.ja.md`), 'utf8'), '[unclosed', 'nothing done without the confirmation')
})
