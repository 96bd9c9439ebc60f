import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { DockerfileParser, Env } from 'dockerfile-ast'

/** The Dockerfile's runtime stage: its instructions, from its FROM on. */
export function runtimeInstructions() {
  const dockerfile = DockerfileParser.parse(readFileSync('Dockerfile', 'utf8'))
  const start = dockerfile.getFROMs().find((f) => f.getBuildStage() === 'runtime')!.getRange().start.line
  return dockerfile.getInstructions().filter((i) => i.getRange().start.line >= start)
}

/** The variables the runtime stage's ENV instructions set. */
export function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const i of runtimeInstructions()) {
    if (i instanceof Env) for (const p of i.getProperties()) env[p.getName()] = p.getValue() ?? ''
  }
  return env
}

/**
 * The image's memory allocator settings for a process started on this machine: its MALLOC_* variables as
 * they are, its LD_PRELOAD of jemalloc pointed at Debian's library here (the image links it to a fixed path).
 * Throws when the image preloads jemalloc and this machine lacks it.
 */
export function imageAllocatorEnv(): Record<string, string> {
  const env = runtimeEnv()
  const result = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('MALLOC_')))
  if (env.LD_PRELOAD) {
    if (!/\/libjemalloc\.so\.2$/.test(env.LD_PRELOAD)) throw new Error(`the image preloads ${env.LD_PRELOAD}, not jemalloc: teach test/server/image-env.ts about it`)
    const listed = spawnSync('dpkg', ['-L', 'libjemalloc2'], { encoding: 'utf8' }).stdout ?? ''
    const library = listed.split('\n').find((line) => /\/libjemalloc\.so\.2$/.test(line))
    if (!library || !existsSync(library)) throw new Error('the image preloads jemalloc: apt-get install libjemalloc2 (as the Dockerfile and .ci/run do)')
    result.LD_PRELOAD = library
  }
  return result
}
