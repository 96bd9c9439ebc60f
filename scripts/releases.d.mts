export interface Release {
  version: string
  date: string
  commit: string | null
  schemas: number[]
}
export function releases(root?: string): Release[]
export function currentVersion(root?: string): string
export function previousRelease(root?: string): Release
export function ensureCommit(commit: string, root?: string): void
export function releaseUses(commit: string, word: string, root?: string): boolean
export function buildRelease(release: Pick<Release, 'version' | 'commit'>, root?: string): string
