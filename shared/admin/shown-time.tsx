import type { ShownTime } from './accounts/page-data'

/** A time in the site's zone, its UTC instant in the datetime attribute and as the title (hover). */
export function ShownTimeText({ time }: { time: ShownTime }) {
  return (
    <time dateTime={time.iso} title={time.iso}>
      {time.text}
    </time>
  )
}
