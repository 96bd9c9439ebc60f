import { YamlSyntaxError, fileAt, parseYaml } from './yaml-text'

export interface Document {
  data: unknown
  body: string
}

/** Splits '---\n<yaml>\n---\n<markdown>' and parses the YAML; throws with a short reason on bad input. */
export function parseFrontMatter(text: string): Document {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source)
  if (!m) throw new Error('front matter missing (the file must start with a --- block)')
  // The YAML starts on the file's second line, after the opening ---.
  return { data: parseYaml(m[1]!, 2) ?? {}, body: m[2]! }
}

/**
 * The problem line for a file whose front matter cannot be read: at the line and column of a YAML
 * error ('pages/history.en.md:3:1: front matter is not valid YAML: …'), else at the file.
 */
export function frontMatterProblem(file: string, err: unknown): string {
  if (err instanceof YamlSyntaxError) return `${fileAt(file, err.position)}: front matter is not valid YAML: ${err.reason}`
  return `${file}: ${(err as Error).message}`
}

/** The `path:` a page's front matter names as far as it can be read, for a file that has a problem (null: none found). */
export function writtenPath(text: string): string | null {
  const m = /^path:[ \t]*["']?(\/[^\s"'#]*)/m.exec(text.replace(/\r\n?/g, '\n').split('\n---\n')[0]!)
  return m ? m[1]! : null
}
