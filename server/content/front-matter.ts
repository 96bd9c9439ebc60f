import { parse } from 'yaml'

export interface Document {
  data: unknown
  body: string
}

/** Splits '---\n<yaml>\n---\n<markdown>' and parses the YAML; throws with a short reason on bad input. */
export function parseFrontMatter(text: string): Document {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source)
  if (!m) throw new Error('front matter missing (the file must start with a --- block)')
  let data: unknown
  try {
    data = parse(m[1]!, { schema: 'core', prettyErrors: false })
  } catch (err) {
    throw new Error(`front matter is not valid YAML: ${(err as Error).message.split('\n')[0]}`)
  }
  return { data: data ?? {}, body: m[2]! }
}
