import type { ReactNode } from 'react'

/** The page-title band with the page's one h1. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1 className="page-title" id="page-title">
          {title}
        </h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </div>
    </header>
  )
}
