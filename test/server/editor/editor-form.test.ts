import t from 'tap'
import { validateFields } from '../../../shared/validation/form'
import { validateForm } from '../../../shared/validation/server'
import type { EditableItem } from '../../../shared/admin/editor-model/items'
import { formOfItem, itemOfForm } from '../../../shared/admin/content-item/form-model'
import { checkEditorForm } from '../../../shared/admin/content-item/form-check'

const project: EditableItem = {
  kind: 'projects',
  slug: 'hall',
  versions: {
    ja: {
      fields: { title: '八王子', location: '東京', client: '市', completed: '2026-06-30', category: 'public', use: '集会', structure: '木造', scale: '2階', floorArea: 1986.42, periodStart: '2025-07', periodEnd: '2026-06', scope: '施工', summary: '要約', featured: true, cover: 'images/a.svg', coverAlt: '外観', gallery: [{ src: 'images/b.svg', alt: 'ホール' }] },
      body: '本文\n\n## 見出し\n',
    },
  },
}

t.test('an item read into the form and back is the same item; a missing language stays missing', async (t) => {
  const form = formOfItem(project)
  t.equal(form['has.ja'], '1')
  t.notOk(form['has.en'], 'English is missing')
  t.equal(form['ja.gallery.0.alt'], 'ホール')
  t.equal(form['ja.floorArea'], '1986.42')
  t.same(itemOfForm('projects', 'hall', form), project)
})

t.test('a draft and a blank gallery row: the draft is kept, the empty row dropped, CRLF bodies become LF', async (t) => {
  const form = { ...formOfItem(project), 'ja.draft': '1', 'ja.gallery.1.src': '', 'ja.gallery.1.alt': ' ', 'ja.body': 'a\r\nb' }
  const item = itemOfForm('projects', 'hall', form)
  t.equal(item.versions!.ja!.fields.draft, true)
  t.same(item.versions!.ja!.fields.gallery, [{ src: 'images/b.svg', alt: 'ホール' }])
  t.equal(item.versions!.ja!.body, 'a\nb')
})

t.test('site parts: localised values as { ja, en }, one value once, lists a line each, menu entries with labels', async (t) => {
  const profile: EditableItem = { kind: 'site', slug: 'profile', data: { name: { ja: '創栄建設', en: 'Soei' }, postalCode: '105-0001', social: { x: 'soei' }, licences: { ja: ['一', '二'], en: ['One'] }, services: [{ title: { ja: '建築', en: 'Building' }, summary: { ja: 's', en: 't' } }] } }
  const form = formOfItem(profile)
  t.equal(form['en.name'], 'Soei')
  t.equal(form['social.x'], 'soei')
  t.equal(form['ja.licences'], '一\n二')
  t.equal(form['en.services.0.title'], 'Building')
  t.same(itemOfForm('site', 'profile', form), profile)
  const menus = itemOfForm('site', 'menus', { 'menus.header': '/about\n /recruit | 採用 | Careers \n\n', 'menus.footer': '' })
  t.same(menus.data, { menus: { header: ['/about', { path: '/recruit', label: { ja: '採用', en: 'Careers' } }] } })
  t.equal(formOfItem(menus)['menus.header'], '/about\n/recruit | 採用 | Careers')
})

t.test('the browser check and the server check give the same localised messages', async (t) => {
  const form = {
    'has.ja': '1',
    'has.en': '1',
    'ja.title': '',
    'ja.date': '2026-02-30',
    'ja.category': 'gossip',
    'ja.excerpt': 'ok',
    'ja.cover': 'images/x.jpg',
    'ja.coverAlt': '',
    'ja.body': '本文',
    'en.title': 'x'.repeat(301),
    'en.date': '2026-03-01 09:30',
    'en.category': 'notice',
    'en.excerpt': 'bell\u0007',
    'en.body': '',
  }
  for (const locale of ['ja', 'en'] as const) {
    const browser = checkEditorForm('news', 'x', form, locale, validateFields)
    const server = checkEditorForm('news', 'x', form, locale, validateForm)
    t.same(browser, server, `${locale}: same answer`)
    t.same(Object.keys(browser), ['ja.title', 'en.title', 'ja.date', 'ja.category', 'en.excerpt', 'ja.coverAlt'], 'the failing fields, field by field as the page shows them')
  }
  const ja = checkEditorForm('news', 'x', form, 'ja', validateFields)
  const en = checkEditorForm('news', 'x', form, 'en', validateFields)
  t.notSame(ja['ja.title'], en['ja.title'], 'in the staff member language')
  t.match(en['en.title'], /300/)
  t.same(checkEditorForm('news', 'x', { ...form, 'has.en': '' }, 'en', validateFields)['en.title'], undefined, 'a missing language is not checked')
})

t.test('site profile: the catalogue rules of postal code, phone, corporate and invoice numbers, social ids', async (t) => {
  const form = { ...formOfItem({ kind: 'site', slug: 'profile', data: {} }), postalCode: '1234', phone: 'abc', corporateNumber: '12345', invoiceNumber: 'X1234567890123', 'social.x': 'no spaces!', email: 'a@b', founded: '19x2' }
  const errors = checkEditorForm('site', 'profile', form, 'en', validateFields)
  for (const name of ['postalCode', 'phone', 'corporateNumber', 'invoiceNumber', 'social.x', 'email', 'founded', 'ja.name', 'en.name']) t.ok(errors[name], `${name}: ${errors[name]}`)
  const good = checkEditorForm('site', 'profile', { ...form, postalCode: '105-0001', phone: '03-5555-0123', corporateNumber: '1234567890123', invoiceNumber: 'T1234567890123', 'social.x': 'soei_k', email: 'info@example.co.jp', founded: '1962' }, 'en', validateFields)
  for (const name of ['postalCode', 'phone', 'corporateNumber', 'invoiceNumber', 'social.x', 'email', 'founded']) t.notOk(good[name], name)
})

t.test('a new item: its slug checked, with the words given for one the content folder does not take', async (t) => {
  const base = { 'has.ja': '1', 'ja.title': 't', 'ja.description': 'd' }
  t.match(checkEditorForm('pages', '', { ...base, slug: '' }, 'en', validateFields, 'lower-case')['slug'], /\S/)
  t.equal(checkEditorForm('pages', '', { ...base, slug: 'Upper_Case' }, 'en', validateFields, 'lower-case')['slug'], 'lower-case')
  t.notOk(checkEditorForm('pages', '', { ...base, slug: 'company-history' }, 'en', validateFields, 'lower-case')['slug'])
})
