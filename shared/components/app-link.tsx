import type { ReactNode } from 'react'
import { Link } from 'react-router'

interface AppLinkProps {
  /** Locale-less path; the router's basename adds the language prefix. */
  to: string
  className?: string
  children: ReactNode
  'aria-current'?: 'page' | 'true' | undefined
}

/**
 * Internal link. For now every navigation is a full document load (the per-route
 * payloads for client navigation come with the client runtime).
 */
export function AppLink({ to, className, children, ...rest }: AppLinkProps) {
  return (
    <Link to={to} className={className} reloadDocument {...rest}>
      {children}
    </Link>
  )
}
