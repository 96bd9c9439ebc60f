/** The Markdown toolbar's tools, as text edits on the body and its selection (pure: the page applies them). */
export const MARKDOWN_TOOLS = ['heading', 'bold', 'link', 'list', 'image'] as const
export type MarkdownTool = (typeof MARKDOWN_TOOLS)[number]

export interface TextEdit {
  text: string
  /** The selection after the edit. */
  start: number
  end: number
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1

/** Prefixes every line the selection touches (a heading, a list item). */
function prefixLines(text: string, start: number, end: number, prefix: string): TextEdit {
  const from = lineStart(text, start)
  const lines = text.slice(from, end).split('\n')
  const done = lines.map((l) => (l.startsWith(prefix) ? l : prefix + l)).join('\n')
  const added = done.length - (end - from)
  return { text: text.slice(0, from) + done + text.slice(end), start: start + (lines[0]!.startsWith(prefix) ? 0 : prefix.length), end: end + added }
}

/** Wraps the selection (or a placeholder, selected) in `before` and `after`. */
function wrap(text: string, start: number, end: number, before: string, after: string, placeholder: string): TextEdit {
  const inner = text.slice(start, end) || placeholder
  return { text: text.slice(0, start) + before + inner + after + text.slice(end), start: start + before.length, end: start + before.length + inner.length }
}

/** The body after a tool: `words` are the placeholders in the staff member's language. */
export function applyTool(tool: MarkdownTool, text: string, start: number, end: number, words: { text: string; alt: string }): TextEdit {
  switch (tool) {
    case 'heading':
      return prefixLines(text, start, end, '## ')
    case 'list':
      return prefixLines(text, start, end, '- ')
    case 'bold':
      return wrap(text, start, end, '**', '**', words.text)
    case 'link': {
      const edit = wrap(text, start, end, '[', '](https://)', words.text)
      // The address is what is left to write: select it.
      return { ...edit, start: edit.end + 2, end: edit.end + 10 }
    }
    case 'image':
      return wrap(text, start, end, '![', '](images/)', words.alt)
  }
}

const breaksAtEnd = (s: string) => s.length - s.replace(/\n+$/, '').length
const breaksAtStart = (s: string) => s.length - s.replace(/^\n+/, '').length

/** Inserts text at the selection (an image the picker uploaded) as a paragraph of its own: one blank line either side, never more. */
export function insertBlock(text: string, at: number, block: string): TextEdit {
  const head = text.slice(0, at)
  const tail = text.slice(at)
  const before = head === '' ? '' : '\n'.repeat(Math.max(0, 2 - breaksAtEnd(head)))
  const after = tail === '' ? '\n' : '\n'.repeat(Math.max(0, 2 - breaksAtStart(tail)))
  const end = at + before.length + block.length
  return { text: head + before + block + after + tail, start: end, end }
}

/** An image in Markdown, `![alt](path)`: the description on one line, its brackets and backslashes escaped. */
export function markdownImage(alt: string, path: string): string {
  const text = alt.replace(/\s+/g, ' ').trim().replace(/[\\[\]]/g, (c) => `\\${c}`)
  return `![${text}](${path})`
}

/** The descriptions of the Markdown images in a body (`![alt](…)`), unescaped, in order. */
export function imageAlts(body: string): string[] {
  return [...body.matchAll(/!\[((?:\\.|[^\\\]])*)\]\(/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'))
}
