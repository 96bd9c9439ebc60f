import { LineCounter, parseDocument } from 'yaml'

/** A place in a file: line and column, both counted from 1. */
export interface Position {
  line: number
  column: number
}

/** YAML that cannot be read: the reason in the yaml package's words and where it is in the file. */
export class YamlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly position: Position,
  ) {
    super(reason)
  }
}

/**
 * Parses YAML (core schema) that starts at line `firstLine` of its file (2 for front matter, after
 * its ---). Throws a YamlSyntaxError at the first error: the rest are most often its consequences.
 * The reason is one sentence: the code frame the yaml package can append is left out (the problem
 * line names the line and column instead).
 */
export function parseYaml(text: string, firstLine = 1): unknown {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { schema: 'core', prettyErrors: false, lineCounter })
  const error = doc.errors[0]
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0])
    throw new YamlSyntaxError(error.message.split('\n')[0]!.replace(/[\s:]+$/, ''), { line: line + firstLine - 1, column: col })
  }
  return doc.toJS()
}

/** The file as a problem line starts with it: 'pages/history.en.md:3:7' when the place is known, else the file alone. */
export const fileAt = (file: string, position: Position | null | undefined): string => (position ? `${file}:${position.line}:${position.column}` : file)
