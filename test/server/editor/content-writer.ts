// A writer in another process, as the editor of another replica is: `count` saves, each of two files
// (the about page's English title and the company's English name, both carrying the save's number)
// through writingContent + writeFileAtomic, with a pause between the two files that a reader may fall in.
// Usage: node --import tsx test/server/editor/content-writer.ts <content dir> <count> <pause ms>
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../../server/content/atomic'
import { writingContent } from '../../../server/content/marker'

const [dir, count, pauseMs] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])]
const about = join(dir, 'pages/about.en.md')
const site = join(dir, 'site.yml')
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
for (let n = 1; n <= count; n++) {
  writingContent(dir, () => {
    writeFileAtomic(about, readFileSync(about, 'utf8').replace(/^title: Company.*$/m, `title: Company ${n}`))
    pause(pauseMs)
    writeFileAtomic(site, readFileSync(site, 'utf8').replace(/en: "Soei Construction Co\., Ltd\.[^"]*"/, `en: "Soei Construction Co., Ltd. ${n}"`))
  })
  pause(pauseMs / 4)
}
process.stdout.write('done\n')
