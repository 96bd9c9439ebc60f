import { simpleRule } from '../define'
import { matches, textTest } from '../text'
import type { RuleDef } from '../types'

// Local part as in the HTML living standard (input type=email): it tolerates the
// consecutive or trailing dots of legacy Japanese mobile-carrier addresses.
// The domain must have at least two labels; Unicode domains must be written in punycode.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** '+' and 1-3 digits, or a leading 0; then groups of 1-4, 1-4 and 3-4 digits; hyphens optional. */
export const PHONE_RE = /^(?:\+[0-9]{1,3}[- ]?|0)[0-9]{1,4}[- ]?[0-9]{1,4}[- ]?[0-9]{3,4}$/

export const contactRules: RuleDef[] = [
  simpleRule('contact', 'email', 'An e-mail address (at most 254 characters, local part at most 64).', textTest((text) => text.length <= 254 && EMAIL_RE.test(text))),
  simpleRule('contact', 'phone', "A phone number: '+' and 1-3 digits or a leading 0, then groups of 1-4, 1-4 and 3-4 digits, each separated by an optional hyphen or space.", matches(PHONE_RE)),
  simpleRule('contact', 'localPhone', 'A domestic phone number: starts with 0, groups of 1-4 and 1-4 digits, last group 4 digits, hyphens optional.', matches(/^0[0-9]{1,4}-?[0-9]{1,4}-?[0-9]{4}$/)),
  simpleRule('contact', 'fax', 'A fax number, same format as phone.', matches(PHONE_RE)),
  simpleRule('contact', 'postalCode', "A Japanese postal code: 7 digits, optionally '-' after the third.", matches(/^[0-9]{3}-?[0-9]{4}$/)),
]
