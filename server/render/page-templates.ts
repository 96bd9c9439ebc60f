/**
 * Pages that differ between visitors by one short value only (the contact form's signed token):
 * rendered once with a placeholder where the value goes, kept split at the placeholder, and filled
 * in per request, so they are served at cached-page speed without one visitor's token ever reaching
 * another. Bounded (templates are few: a page per language and day); concurrent first requests
 * share one render.
 */
const LIMIT = 64
/** Where a template's value goes: a string no page contains by chance, needing no escaping either. */
export const TEMPLATE_SLOT = 'tpl-slot-5e1f0c9a7b3d'
/** Values are pasted into HTML attributes and JSON strings as they are: only characters that need no escaping. */
export const TEMPLATE_VALUE = /^[A-Za-z0-9._~-]{1,512}$/

export class PageTemplates {
  private readonly parts = new Map<string, Buffer[]>()
  private readonly pending = new Map<string, Promise<Buffer[] | null>>()

  /**
   * The template under `key`, made by `render` (the page's bytes with `placeholder` in it) on first
   * use; null when the render did not produce a usable template (an error page, no placeholder).
   */
  async get(key: string, placeholder: string, render: () => Promise<Buffer | null>): Promise<Buffer[] | null> {
    const ready = this.parts.get(key)
    if (ready) return ready
    let pending = this.pending.get(key)
    if (!pending) {
      pending = render()
        .then((body) => (body ? split(body, placeholder) : null))
        .then((parts) => {
          if (parts) {
            if (this.parts.size >= LIMIT) this.parts.clear()
            this.parts.set(key, parts)
          }
          return parts
        })
        .finally(() => this.pending.delete(key))
      this.pending.set(key, pending)
    }
    return pending
  }

  /** The page with `value` in every place of the placeholder. */
  static fill(parts: Buffer[], value: string): Buffer {
    if (!TEMPLATE_VALUE.test(value)) throw new Error('a template value must need no escaping')
    const filler = Buffer.from(value)
    const out: Buffer[] = []
    parts.forEach((part, i) => {
      if (i > 0) out.push(filler)
      out.push(part)
    })
    return Buffer.concat(out)
  }
}

/** The bytes around each occurrence of `placeholder`; null when it does not occur. */
export function split(body: Buffer, placeholder: string): Buffer[] | null {
  const needle = Buffer.from(placeholder)
  const parts: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at))
    from = at + needle.length
  }
  if (parts.length === 0) return null
  parts.push(body.subarray(from))
  return parts
}
