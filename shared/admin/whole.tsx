import type { ReactNode } from 'react'
import type { MessageValues, Translate } from '../i18n/messages'

/**
 * A value read as one: a time, an address, a reference, a person's name. It is never broken inside (a Japanese
 * name not between family and given name, an address not at its hyphens): it goes to the next line whole, and
 * in a table it widens its column (client/staff/table.css, .staff-whole).
 */
export function Whole({ children }: { children: ReactNode }) {
  return <span className="staff-whole">{children}</span>
}

const MARK = /\uE000(\d+)\uE001/

/**
 * A message of the staff catalogue with some of its values kept whole (names, addresses in a sentence): each
 * such placeholder is filled with a marker, and the text is split at the markers around <Whole> elements.
 */
export function wholeIn(t: Translate, key: string, whole: Record<string, string>, values: MessageValues = {}): ReactNode[] {
  const names = Object.keys(whole)
  const marked = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]))
  return t(key, { ...values, ...marked })
    .split(MARK)
    .map((part, i) => (i % 2 === 0 ? part : <Whole key={i}>{whole[names[Number(part)]!]}</Whole>))
}
