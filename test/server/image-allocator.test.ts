import t from 'tap'
import { spawnSync } from 'node:child_process'
import { imageAllocatorEnv } from './image-env'

// The Docker image preloads jemalloc (docs/decisions/0010-memory-allocator.md). sharp raises its libvips
// threads per image from one to the host's core count when it finds jemalloc; in a container that is the
// node's count, not the pod's, so server/content/images.ts keeps it at one.
t.test('under the image\'s allocator, sharp keeps one libvips thread per image', async (t) => {
  const env = imageAllocatorEnv()
  t.ok(env.LD_PRELOAD, 'the image preloads an allocator')
  const probe = "await import('./server/content/images.ts'); const { default: sharp } = await import('sharp'); console.log(JSON.stringify({ concurrency: sharp.concurrency(), maps: (await import('node:fs')).readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc') }))"
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { env: { ...process.env, ...env }, encoding: 'utf8' })
  t.equal(run.status, 0, run.stderr.slice(-2000))
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')
  t.equal(result.maps, true, 'jemalloc is loaded in the process')
  t.equal(result.concurrency, 1, 'one thread per image')
})
