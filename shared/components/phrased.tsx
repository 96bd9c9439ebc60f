import { Fragment } from 'react'

/**
 * A heading's text that breaks only between phrases: the phrases the server found for a Japanese
 * title (server/content/phrases.ts) with <wbr> between them, in a `keep-all` span (client/styles.css).
 * Without phrases (English, short titles) it is the plain text.
 */
export function Phrased({ text, phrases }: { text: string; phrases?: string[] | undefined }) {
  if (!phrases || phrases.length < 2 || phrases.join('') !== text) return <>{text}</>
  return (
    <span className="phrased">
      {phrases.map((phrase, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {phrase}
        </Fragment>
      ))}
    </span>
  )
}
