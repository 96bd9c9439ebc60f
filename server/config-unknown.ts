/** Words every setting of the site starts with: a variable starting so that is not a setting is a mistake. */
const SETTING_PREFIX = /^(SITE|HEADERS|REQUEST|SMTP|MAIL|CONTACT|FORM|RATE_LIMIT|PAGE_CACHE|LOCALE|ROOT|MAX|SHUTDOWN|DIST|CONTENT|DATA|TRUST|LOG|METRICS|DATABASE|REDIS|OUTBOX|STAFF|INQUIRY|INBOX|MEDIA)_/

/** Read by docker-compose.yml (the proxy's domain, the image's version and revision), not by the server; allowed in the same .env. */
const DEPLOYMENT_VARIABLES = ['SITE_DOMAIN', 'SITE_VERSION', 'SITE_REVISION']

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours), for "did you mean". */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[a.length]![b.length]!
}

/**
 * Variables that look like settings but are none of `known` (a typo such as SMTP_ULR, or a setting of
 * another version): one line each, with the setting it most likely meant. Only upper-case names with an
 * underscore are considered, so the machine's own variables (HOME, PATH, HOSTNAME) never are.
 */
export function unknownSettingsOf(env: NodeJS.ProcessEnv, known: readonly string[]): string[] {
  const lines: string[] = []
  for (const name of Object.keys(env)) {
    if (known.includes(name) || DEPLOYMENT_VARIABLES.includes(name) || !/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)) continue
    const nearest = known.map((k) => ({ k, d: distance(name, k) })).sort((x, y) => x.d - y.d)[0]
    const likely = nearest && nearest.d <= 2 ? nearest.k : null
    if (likely || SETTING_PREFIX.test(name)) lines.push(`${name} is not a setting of this site${likely ? ` (did you mean ${likely}?)` : ''}: it is ignored`)
  }
  return lines
}
