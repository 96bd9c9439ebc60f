/**
 * The press ripple of buttons (about 400 ms): a circle that grows from the pointer and fades.
 * Decoration only, so it is added by one delegated listener instead of in every component, never
 * announced (aria-hidden), and not drawn at all when the visitor asks for reduced motion.
 */
export const RIPPLE_MS = 400
const SELECTOR = '.button, .toast__close, .confirm-dialog button'

export function enableRipple(doc: Document = document): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)')
  doc.addEventListener('pointerdown', (event) => {
    if (reduced.matches || event.button !== 0) return
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(SELECTOR)
    if (!target || target.matches(':disabled, [aria-disabled="true"]')) return
    const box = target.getBoundingClientRect()
    // A circle big enough to cover the button from wherever it was pressed.
    const size = 2 * Math.hypot(Math.max(event.clientX - box.left, box.right - event.clientX), Math.max(event.clientY - box.top, box.bottom - event.clientY))
    const ripple = doc.createElement('span')
    ripple.className = 'ripple'
    ripple.setAttribute('aria-hidden', 'true')
    ripple.style.inlineSize = ripple.style.blockSize = `${size}px`
    ripple.style.left = `${event.clientX - box.left - size / 2}px`
    ripple.style.top = `${event.clientY - box.top - size / 2}px`
    ripple.style.animationDuration = `${RIPPLE_MS}ms`
    // The ripple is placed inside the button: a static button becomes its containing block (one
    // already positioned, like a toast's close button, keeps its own position).
    target.classList.add('has-ripple')
    if (getComputedStyle(target).position === 'static') target.classList.add('has-ripple--static')
    target.append(ripple)
    const remove = () => {
      ripple.remove()
      if (!target.querySelector('.ripple')) target.classList.remove('has-ripple', 'has-ripple--static')
    }
    ripple.addEventListener('animationend', remove, { once: true })
    // animationend never fires when the button is hidden meanwhile: clean up anyway.
    setTimeout(remove, RIPPLE_MS + 100)
  })
}
