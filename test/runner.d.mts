/** A skipped or todo point of a test file, with the reason its directive gives (null: none). */
export interface SkipNote {
  file: string
  name: string
  directive: 'skip' | 'todo'
  reason: string | null
}

export interface FileCounts {
  file: string
  pass: number
  fail: number
  skip: number
  skipped: SkipNote[]
}

export interface FileRun extends FileCounts {
  ms: number
  output: string
  stderr: string
  code: number | null
  signal: NodeJS.Signals | null
}

export function listTests(dir: string): string[]
export function countResults(file: string, results: unknown, exit?: { code?: number | null; signal?: NodeJS.Signals | null }): FileCounts
export function runFile(file: string): Promise<FileRun>
export function summaryLines(results: readonly FileCounts[]): string[]
