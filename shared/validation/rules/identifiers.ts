import { param, paramRule, simpleRule } from '../define'
import { asText, matches, textTest } from '../text'
import type { RuleDef } from '../types'

/** An absolute http(s) URL with a host, as the browser's URL parser reads it; no white space anywhere. */
function isHttpUrl(text: string): boolean {
  // The URL parser silently strips tabs, line breaks and surrounding spaces: refuse them first.
  if (!/^https?:\/\/[^\s/?#]/i.test(text) || /[\s\u0000-\u001F\u007F]/u.test(text)) return false
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

export const identifierRules: RuleDef[] = [
  simpleRule('identifiers', 'corporateNumber', 'A corporate number: exactly 13 half-width digits.', matches(/^[0-9]{13}$/)),
  simpleRule('identifiers', 'invoiceNumber', "An invoice registration number: upper-case 'T' and exactly 13 half-width digits.", matches(/^T[0-9]{13}$/)),
  simpleRule('identifiers', 'slug', "A URL slug: letters, digits, '-' and '_'.", matches(/^[A-Za-z0-9_-]+$/)),
  simpleRule('identifiers', 'url', 'An absolute http:// or https:// URL with a host and no white space.', textTest(isHttpUrl)),
  simpleRule('identifiers', 'filePath', "A file path: letters, digits, '-', '_', '.' and '/'.", matches(/^[A-Za-z0-9_./-]+$/)),
  simpleRule('identifiers', 'fileName', "A file name: letters, digits, '-', '_' and '.'.", matches(/^[A-Za-z0-9_.-]+$/)),
  simpleRule('identifiers', 'iconPath', "An icon name: letters, digits, '-', '_' and ':' (e.g. 'mdi:home').", matches(/^[A-Za-z0-9_:-]+$/)),
  simpleRule('identifiers', 'xId', "An X (Twitter) id: letters, digits and '_'.", matches(/^[A-Za-z0-9_]+$/)),
  simpleRule('identifiers', 'facebookId', "A Facebook id: letters, digits, '.', '_' and '-'.", matches(/^[A-Za-z0-9._-]+$/)),
  simpleRule('identifiers', 'instagramId', "An Instagram id: letters, digits, '.' and '_'.", matches(/^[A-Za-z0-9._]+$/)),
  simpleRule('identifiers', 'lineId', "A LINE id: letters, digits, '.', '_' and '-'.", matches(/^[A-Za-z0-9._-]+$/)),
  simpleRule('identifiers', 'youtubeChannelId', "A YouTube channel id: 'UC' then letters, digits, '_' and '-'.", matches(/^UC[A-Za-z0-9_-]+$/)),
  paramRule(
    'identifiers',
    'noForbiddenChars',
    'Contains none of the given characters (compared by code point).',
    [param.chars('chars', 'the forbidden characters: one string, or an array of single characters (one code point each)', '[]<>')],
    (value, [chars]) => {
      const text = asText(value)
      if (text === null) return false
      // A string is iterated by code point; an array holds one code point per item (checked).
      const forbidden = new Set<string>(chars as string | readonly string[])
      for (const ch of text) if (forbidden.has(ch)) return false
      return true
    },
  ),
]
