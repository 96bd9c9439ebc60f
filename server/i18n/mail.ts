/** The mails' words in every language: the contact form's mails, the inbox's replies, digests and webhook. */
import { LOCALE_FILES } from '../../locales'
import { DEFAULT_LOCALE, perLocale, type Locale } from '../../shared/i18n/locales'
import { createTranslator, type MessageNode, type MessageTree, type Translate } from '../../shared/i18n/messages'
import { catalog } from './catalog'

/** Mail texts: the `mail` group of locales/{ja,en}/mail.json (server only), plus field labels from `units`. */
export const MAIL_MESSAGES: Record<Locale, MessageNode> = perLocale((code) => LOCALE_FILES[code].mail)

const translators = new Map<Locale, Translate>()
/** The mail texts (`mail.…`) and the interface's (`units.…`) in one language: the inbox's mails and webhook use it too. */
export function translator(locale: Locale): Translate {
  let t = translators.get(locale)
  if (!t) {
    const tree: MessageTree & { mail: MessageNode } = { ...catalog[locale], mail: MAIL_MESSAGES[locale] }
    const fallback: MessageTree & { mail: MessageNode } = { ...catalog[DEFAULT_LOCALE], mail: MAIL_MESSAGES[DEFAULT_LOCALE] }
    translators.set(locale, (t = createTranslator(locale, tree, { fallbackMessages: fallback })))
  }
  return t
}
