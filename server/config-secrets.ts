import { readFileSync } from 'node:fs'

/**
 * Settings that may hold credentials. Their values are never echoed in an error line, and each one can
 * be given as a file instead (`X_FILE=/run/secrets/x`, the Docker and Kubernetes secrets convention;
 * systemd's LoadCredential= puts them under $CREDENTIALS_DIRECTORY): then the value is not in the
 * process environment, which `docker inspect` and /proc/<pid>/environ show.
 */
export const SECRET_VARIABLES = ['SMTP_URL', 'FORM_SECRET', 'CONTACT_API_KEY', 'DATABASE_URL', 'REDIS_URL', 'INQUIRY_WEBHOOK_URL', 'INQUIRY_WEBHOOK_SECRET'] as const

/** SMTP_URL_FILE, FORM_SECRET_FILE…: the settings that name the file holding a secret's value. */
export const SECRET_FILE_VARIABLES: readonly string[] = SECRET_VARIABLES.map((name) => `${name}_FILE`)

/** Why a file could not be read, in words (the code stays for a search). */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied (the server\'s user cannot read it)',
  EISDIR: 'a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
}

export interface SecretFiles {
  /** The environment with each X_FILE's value filled in as X. */
  env: NodeJS.ProcessEnv
  /** Where a value came from, for error lines: { SMTP_URL: 'SMTP_URL_FILE' }. */
  from: Record<string, string>
  /** One line per problem; a line names the variable and the path, never a value. */
  problems: string[]
}

/**
 * Reads X_FILE for each secret setting X that has one: the file's text, less one trailing line break
 * (what `echo`, `openssl rand … >` and editors leave), becomes X. An empty file is an empty value. X set
 * as well is refused rather than one of them silently winning.
 */
export function readSecretFiles(env: NodeJS.ProcessEnv): SecretFiles {
  const out: NodeJS.ProcessEnv = { ...env }
  const from: Record<string, string> = {}
  const problems: string[] = []
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`
    const path = env[fileVariable]
    if (path === undefined || path === '') continue
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name}: set both directly and as a file (${fileVariable}=${path}): keep one of them (a file keeps the value out of the process environment)`)
      continue
    }
    try {
      out[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '')
      from[name] = fileVariable
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error'
      problems.push(`${fileVariable}: cannot read ${path}: ${REASONS[code] ?? 'unreadable'} (${code})`)
    }
  }
  return { env: out, from, problems }
}
