// Loopback ports for scripts/engines.mjs: a free one, and the probes that tell an engine is ready.
import { connect, createServer } from 'node:net'

/** A loopback port nothing listens on (taken from the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address())
      probe.close(() => resolve(port))
    })
  })
}

/** Sends one raw line to host:port and resolves with the first bytes answered ('' on any error). */
export function ask(port, line, timeoutMs = 1000) {
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect(port, '127.0.0.1')
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(done, timeoutMs)
    socket.on('connect', () => socket.write(line))
    socket.on('data', (d) => {
      answer += d
      if (answer.includes('\n')) done()
    })
    socket.on('error', done)
    socket.on('close', done)
  })
}

/** True when something accepts a TCP connection on 127.0.0.1:port. */
export function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}
