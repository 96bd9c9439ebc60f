import type { ReactNode } from 'react'
import { usePageState } from '../page-context'
import { isFullLoadPath } from '../full-load'

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
 * Internal link. A plain anchor with the locale prefix (a full document load without JavaScript).
 * `data-nav` tells the client runtime (client/navigation.tsx) it may navigate there with the route's
 * payload; links to full-load routes (the contact form, per-visitor pages) carry none.
 */
export function AppLink({ to, className, children, ...rest }: AppLinkProps) {
  const { basename } = usePageState()
  return (
    <a href={prefixedHref(basename, to)} className={className} data-nav={isFullLoadPath(to) ? undefined : ''} {...rest}>
      {children}
    </a>
  )
}
