// Types of scripts/import-graph.mjs for the TypeScript tests (the .mjs file carries the same as JSDoc).

export const ROOT: string
export const SOURCE_DIRS: string[]
export const AREAS: string[]
export const SHARED_ROOMS: string[]
export const BASE_ROOMS: string[]

/** An import of a file: its target (absolute), whether it is type-only, its line (from 1). */
export interface Edge {
  target: string
  typeOnly: boolean
  line: number
}

/** An import a room rule forbids (paths relative to the root, forward slashes). */
export interface Offence {
  from: string
  line: number
  to: string
  fromRoom: string
  toRoom: string
  typeOnly: boolean
}

export interface Findings {
  /** The import circles, type imports counted: each its files, sorted. */
  cycles: string[][]
  /** Imports from server/db or server/outbox into an area. */
  rooms: Offence[]
  /** Imports into an area from another room that do not go to its types.ts. */
  areas: Offence[]
}

export function rel(file: string): string
export function sourceFiles(dirs?: string[]): string[]
export function resolveSpecifier(from: string, spec: string): string | null
export function fileImports(file: string): Edge[]
export function runtimeImports(file: string): string[]
export function importCycles(files: string[], options?: { types?: boolean }): string[][]
export function roomOf(path: string): string | null
export function checkRules(files?: string[]): Findings
export function offenceLine(offence: Offence): string
export function countByPair(list: Offence[]): [string, number][]
