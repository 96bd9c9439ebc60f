// A throw-away Redis server for scripts/engines.mjs (no persistence) on a free loopback port.
import { ask, freePort } from './ports.mjs'
import { removeFolder, spawnEngine, tempFolder } from './processes.mjs'

/** @typedef {import('./processes.mjs').Engine} Engine */

/**
 * A Redis server of its own (no persistence) on a free loopback port, ready once it answers PING.
 * `pause()` stops it and `resume()` starts it again, empty, on the same port.
 * @returns {Promise<Engine>}
 */
export async function startRedis() {
  const dir = tempFolder('redis-')
  const port = await freePort()
  let proc
  const start = async () => {
    proc = await spawnEngine(
      'redis-server',
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'],
      { cwd: dir, ready: async () => (await ask(port, 'PING\r\n')).startsWith('+PONG') },
    )
  }
  try {
    await start()
  } catch (err) {
    removeFolder(dir)
    throw err
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return proc?.child.pid ?? 0
    },
    pause: async () => {
      await proc?.stop()
      proc = undefined
    },
    resume: async () => {
      if (!proc) await start()
    },
    stop: async () => {
      await proc?.stop()
      proc = undefined
      removeFolder(dir)
    },
  }
}
