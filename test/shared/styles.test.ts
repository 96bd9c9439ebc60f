import t from 'tap'
import { readFileSync } from 'node:fs'

// The dark theme's tokens exist twice (system preference and explicit choice): they must not drift apart.
t.test('dark tokens are the same for prefers-color-scheme and data-theme="dark"', async (t) => {
  const css = readFileSync('client/styles.css', 'utf8')
  const tokens = (block: string) => [...block.matchAll(/(--[a-z-]+):\s*([^;]+);/g)].map((m) => `${m[1]}: ${m[2]}`)
  const media = /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{([^}]*)\}/.exec(css)?.[1]
  const explicit = /:root\[data-theme="dark"\] \{([^}]*)\}/.exec(css)?.[1]
  t.ok(media && explicit, 'both blocks exist')
  t.ok(tokens(media!).length >= 20, 'with the full palette')
  t.same(tokens(explicit!), tokens(media!))
})
