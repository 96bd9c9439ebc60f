import { APP_NAME, RELEASE } from '../release'

export interface AppVersion {
  name: string
  version: string
}

/** The app's name and this release's version (server/release.ts: package.json's, built in). */
export const appVersion = (): AppVersion => ({ name: APP_NAME, version: RELEASE })
