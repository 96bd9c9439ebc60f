import type { ReactNode } from 'react'
import { Phrased } from './phrased'

/** The page-title band with the page's one h1. */
export function PageHeader({ title, titlePhrases, lead }: { title: string; titlePhrases?: string[] | undefined; lead?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1 className="page-title" id="page-title">
          <Phrased text={title} phrases={titlePhrases} />
        </h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </div>
    </header>
  )
}
