import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  headers: Record<string, string>
  text: string
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=), joining adjacent ones. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
      const bytes: number[] = []
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '_') bytes.push(0x20)
        else if (text[i] === '=') (bytes.push(parseInt(text.slice(i + 1, i + 3), 16)), (i += 2))
        else bytes.push(text.charCodeAt(i))
      }
      return Buffer.from(bytes).toString('utf8')
    })
}

/** Headers (unfolded, names lower-cased, values decoded) and the base64 text body of a raw message. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const headers: Record<string, string> = {}
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':')
    headers[line.slice(0, i).toLowerCase()] = decodeHeader(line.slice(i + 1).trim())
  }
  const body = raw.slice(split + 4)
  const text = /base64/i.test(headers['content-transfer-encoding'] ?? '') ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
  return { headers, text }
}

export interface SmtpOptions {
  /**
   * Holds the answer to a message's DATA (0-based count of the messages whose data arrived) when true: the
   * sender waits, mid-send, until `release()`; a held message is kept only if its sender is still connected
   * then (a sender killed while held delivered nothing).
   */
  stall?: (n: number) => boolean
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (no TLS, no auth). */
export async function startSmtp(port = 0, { stall }: SmtpOptions = {}) {
  const mails: ReceivedMail[] = []
  const held: { mail: ReceivedMail; session: string; answer: () => void }[] = []
  let received = 0
  const closed = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const envelope = session.envelope
        const mail = {
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
        }
        const accept = () => {
          mails.push(mail)
          callback()
        }
        if (!stall?.(received++)) return accept()
        held.push({ mail, session: session.id, answer: () => (closed.has(session.id) ? callback(new Error('sender gone')) : accept()) })
      })
    },
  })
  // A sender that goes away mid-connection (a replica stopped or killed by a test) resets it: smtp-server
  // reports that as an 'error' event, which without a listener would end the test process.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  const actual = (server.server.address() as AddressInfo).port
  return {
    port: actual,
    mails,
    /** The messages held now (see SmtpOptions.stall), not in `mails`; `gone`: its sender disconnected. */
    held: () => held.map((h) => ({ ...h.mail, gone: closed.has(h.session) })),
    /** Answers the held messages (kept, or dropped if their sender is gone). */
    release: () => held.splice(0).forEach((h) => h.answer()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (taken from the OS, then released). */
export { freePort } from '../../../scripts/engines.mjs'

export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}
