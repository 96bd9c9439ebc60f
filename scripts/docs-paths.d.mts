// Types of scripts/docs-paths.mjs for the TypeScript tests (the .mjs file carries the same as JSDoc).

/** [document, path]: written on purpose though they do not exist. */
export const EXAMPLES: [document: string, path: string][]
/** The documents checked: docs/*.md and README.md, relative to the root. */
export function documents(): string[]
/** The stale paths, as 'document:line: path'. */
export function stalePaths(): string[]
