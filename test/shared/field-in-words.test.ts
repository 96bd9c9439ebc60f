// The conflict and revision views name a changed field in the staff member's words, never by its form
// name or site.yml path (shared/admin/content-item/field-input.ts fieldInWords), with the real messages.
import t from 'tap'
import { fieldInWords } from '../../shared/admin/content-item/field-input'
import { staffTranslators } from '../../server/i18n/staff-catalog'

const words = staffTranslators(() => undefined)

t.test('form names and site.yml paths in words, both languages', async (t) => {
  const en = (name: string) => fieldInWords(words.en, name)
  const ja = (name: string) => fieldInWords(words.ja, name)
  t.equal(en('ja.title'), 'Title (Japanese)')
  t.match(ja('en.title'), /^タイトル/, 'the Japanese label')
  t.match(ja('en.title'), /英語/, 'and the language in Japanese')
  t.equal(en('en.gallery.1.alt'), 'Image description 2 (English)', 'a gallery row: its number counted from 1')
  t.equal(en('services.0.title.en'), 'Service 1 (English)', 'a site.yml path: the language last')
  t.equal(en('social.x'), 'X account', 'a path without a language')
  t.equal(en('menus.header.3'), 'Header menu 4', 'a menu entry: its number')
  t.equal(en('mystery.field'), 'mystery.field', 'a name the labels do not know: as it is')
  t.notMatch(en('ja.body'), /staff\.content/, 'never a message key')
})
