import { useEffect, useRef, useState } from 'react'

export type FocusTarget = 'summary' | 'review' | 'form'

/**
 * Moves the keyboard focus after a render: to the error summary when a check fails, to the
 * review heading when the review shows, to the first field when the form comes back.
 * Each request focuses once, even when it names the same place as the last one.
 * Returns the summary's and the review heading's refs and the request function.
 */
export function useFocusRequest() {
  const summaryRef = useRef<HTMLDivElement>(null)
  const reviewRef = useRef<HTMLHeadingElement>(null)
  const [focus, setFocus] = useState<{ target: FocusTarget; n: number } | null>(null)

  useEffect(() => {
    if (!focus) return
    if (focus.target === 'summary') summaryRef.current?.focus()
    else if (focus.target === 'review') reviewRef.current?.focus()
    else document.getElementById('contact-name')?.focus()
  }, [focus])

  const focusOn = (target: FocusTarget) => setFocus({ target, n: (focus?.n ?? 0) + 1 })
  return [summaryRef, reviewRef, focusOn] as const
}
