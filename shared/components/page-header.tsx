import type { ReactNode } from 'react'
import { Phrased } from './phrased'

/** The page-title band with the page's one h1; `marks` above it (a draft's badge in development). */
export function PageHeader({ title, titlePhrases, lead, marks }: { title: string; titlePhrases?: string[] | undefined; lead?: ReactNode; marks?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        {marks ? <p className="page-header__marks">{marks}</p> : null}
        <h1 className="page-title" id="page-title">
          <Phrased text={title} phrases={titlePhrases} />
        </h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </div>
    </header>
  )
}
