import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { ContactStep } from './page-data'
import type { FocusTarget } from './use-focus-request'
import { PATHS } from '../../paths'

/**
 * Form and review step. The review is a history entry of its own, so the browser's Back button
 * returns to the form and Forward shows the review again (if the values still pass).
 * Returns the step, then: show the review, back to the form, and the review's Edit button.
 */
export function useReviewStep(initial: ContactStep, isValid: () => boolean, focusOn: (target: FocusTarget) => void) {
  const navigate = useNavigate()
  const location = useLocation()
  const [step, setStep] = useState<ContactStep>(initial)
  /** Whether the review is the history entry this page pushed (Back leaves it). */
  const pushed = useRef(false)
  const seenLocation = useRef(location.key)

  const showReview = () => {
    setStep('review')
    navigate(PATHS.contact, { state: { contactStep: 'review' } })
    pushed.current = true
    focusOn('review')
  }

  /** Back to the form without a history step (the review's entry is replaced). */
  const backToForm = () => {
    if (pushed.current) navigate(PATHS.contact, { replace: true, state: null })
    pushed.current = false
    setStep('form')
  }

  /** The review's Edit button: the same as the browser's Back button when the review has its entry. */
  const edit = () => {
    if (pushed.current) return navigate(-1)
    setStep('form')
    focusOn('form')
  }

  // Back / Forward between the form and the review step.
  useEffect(() => {
    if (location.key === seenLocation.current) return
    seenLocation.current = location.key
    const wantsReview = (location.state as { contactStep?: string } | null)?.contactStep === 'review'
    if (!wantsReview && step === 'review') {
      pushed.current = false
      setStep('form')
      focusOn('form')
    } else if (wantsReview && step === 'form' && isValid()) {
      pushed.current = true
      setStep('review')
      focusOn('review')
    }
  }, [location.key])

  return [step, showReview, backToForm, edit] as const
}
