import type { ReactNode } from 'react'

/**
 * The box of a staff table. A table wider than its box scrolls sideways inside it, never the page: a shadow
 * marks each edge where the table is cut, and the box is a region named by `labelledBy` (the table's caption
 * or a heading) in the tab order, so a keyboard scrolls it too (client/staff/table.css). With `cards`, each
 * row becomes a card on a phone, each cell its column's name (the cell's data-label) beside its value.
 */
export function TableRegion({ labelledBy, cards = false, className = '', children }: { labelledBy: string; cards?: boolean; className?: string; children: ReactNode }) {
  const classes = ['staff-table-wrap staff-scroll', cards ? 'staff-table-wrap--cards' : '', className].filter(Boolean).join(' ')
  return (
    <div className={classes} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  )
}
