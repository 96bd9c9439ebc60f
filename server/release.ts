import packageJson from '../package.json' with { type: 'json' }

/**
 * This release's version (package.json; CHANGELOG.md says what each one brings and whether it migrates): written
 * with each migration it applies (schema_migrations.release) and shown in site_release_info.
 */
export const RELEASE: string = packageJson.version

/** The app's name (package.json): backups carry it, and a restore refuses another app's file. */
export const APP_NAME: string = packageJson.name
