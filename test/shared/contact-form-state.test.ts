import t from 'tap'
import { fieldsToRecheck } from '../../shared/pages/contact/use-field-checks'

t.test('a changed field is checked again once it was left or shows an error', async (t) => {
  const none = new Set<string>()
  t.same(fieldsToRecheck('name', none, {}), [], 'not yet left, no error: not checked while typing')
  t.same(fieldsToRecheck('name', new Set(['name']), {}), ['name'], 'left once: checked as it changes')
  t.same(fieldsToRecheck('phone', none, { phone: 'Check Phone.' }), ['phone'], 'showing an error: checked as it changes')
})

t.test('the e-mail confirmation is checked again with the e-mail', async (t) => {
  t.same(fieldsToRecheck('email', new Set(['email', 'emailConfirm']), {}), ['email', 'emailConfirm'])
  t.same(fieldsToRecheck('email', new Set(), { emailConfirm: 'Does not match.' }), ['emailConfirm'], 'even before the e-mail was left')
  t.same(fieldsToRecheck('email', new Set(['email']), {}), ['email'], 'not while the confirmation was never left')
  t.same(fieldsToRecheck('emailConfirm', new Set(['emailConfirm']), {}), ['emailConfirm'], 'the confirmation alone does not recheck the e-mail')
})
