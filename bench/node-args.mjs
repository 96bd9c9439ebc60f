// The Node command line of `npm start` (package.json): the benchmarks run the server exactly as
// production does (the Dockerfile's CMD is the same; test/server/dockerfile.test.ts checks that).
import { readFileSync } from 'node:fs'

// The repository's folder is the working directory of every bench and test (they name dist/ and content/ so too).
const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start
  .split(/\s+/)
  .filter((word, i) => !(i === 0 && word === 'exec')) // `exec` makes node the process npm signals, not part of the command

/** Node's flags from `npm start` followed by the server entry (`entry` replaces dist/server/index.js). */
export function serverArgs(entry = 'dist/server/index.js') {
  return [...start.slice(1, -1), entry]
}
