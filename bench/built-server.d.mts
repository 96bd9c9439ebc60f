// Types of bench/built-server.mjs for the TypeScript tests (test/server/*.test.ts, test/replicas/cluster.ts).
import type { ChildProcess } from 'node:child_process'

export const CHROME_PATH: string
export const CHROME_FLAGS: string[]
export function arg(name: string, fallback?: string): string | undefined

export interface BuiltServer {
  origin: string
  port: number
  child: ChildProcess
  /** Signals the process (SIGTERM by default) and resolves with its exit once it is gone. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Its log lines (stdout, with `logs: true`) and stderr so far. */
  output(): string
}

export function startBuiltServer(env?: Record<string, string>, options?: { timeoutMs?: number; port?: number; logs?: boolean; nodeFlags?: string[]; dist?: string }): Promise<BuiltServer>
