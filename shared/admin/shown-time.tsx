import type { ShownTime } from './accounts/page-data'
import { Whole } from './whole'

/**
 * A time in the site's zone, its UTC instant in the datetime attribute and as the title (hover). The day and
 * the time of day are each whole: a narrow column puts the time under the day, never "2026-10-" on one line.
 */
export function ShownTimeText({ time }: { time: ShownTime }) {
  const [day, ...rest] = time.text.split(' ')
  return (
    <time dateTime={time.iso} title={time.iso}>
      <Whole>{day}</Whole> <Whole>{rest.join(' ')}</Whole>
    </time>
  )
}
