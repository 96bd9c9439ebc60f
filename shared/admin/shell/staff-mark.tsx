/** The company mark (the public header's), drawn in the text colour. */
export function StaffMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="staff-mark" width={size} height={size} viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <path d="M2 26V10l12-8 12 8v16h-8v-9h-8v9z" fill="currentColor" />
    </svg>
  )
}
