import { existsSync } from 'node:fs'

/**
 * Settings as the server reads them, for every entry point (the server, `npm run staff`, `inquiries`,
 * `content`, `content:check`, `content:reload`): the environment first, then a `.env` file in the
 * working folder for what the environment leaves unset (`process.loadEnvFile` never replaces a
 * variable that is already set). A command that skipped the file would read other settings than the
 * server it serves: another DATA_DIR (a stray, empty database), another PORT, no SITE_URL.
 */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}
