// Entry point. Settings come from the environment and, when present, a .env file in the working folder
// (a variable already set in the environment wins over the file). React and other libraries choose their
// production build from NODE_ENV when they are first loaded, so it is settled here, before the
// application (server/main.ts) is imported. The launcher is not bundled, so this is written out here; every
// command does the same through server/env-file.ts.
import { existsSync } from 'node:fs'
if (existsSync('.env')) process.loadEnvFile('.env')
process.env.NODE_ENV ??= 'production'
await import('./main.js')
export {}
