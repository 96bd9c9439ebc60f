import type { ReactNode } from 'react'
import { usePageState } from '../page-context'

interface AppLinkProps {
  /** Locale-less path (may carry a query); the page's locale prefix is added. */
  to: string
  className?: string
  children: ReactNode
  'aria-current'?: 'page' | 'true' | undefined
}

/** '/about' under '/en' -> '/en/about'; '/' under '/en' -> '/en' (no trailing slash); '/?x' -> '/en?x'. */
export function prefixedHref(basename: string, to: string): string {
  if (!basename) return to
  return to === '/' ? basename : to.startsWith('/?') ? basename + to.slice(1) : basename + to
}

/**
 * Internal link: a plain anchor with the locale prefix, followed by a document load. The document's
 * speculation rules (shared/speculation.ts) prerender its page when the visitor is about to follow it.
 */
export function AppLink({ to, className, children, ...rest }: AppLinkProps) {
  const { basename } = usePageState()
  return (
    <a href={prefixedHref(basename, to)} className={className} {...rest}>
      {children}
    </a>
  )
}
