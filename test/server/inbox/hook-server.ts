import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HookRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  /** The body exactly as received. */
  raw: Buffer
  /** When it arrived (Date.now()). */
  at: number
}

/** How to answer the n-th request (0-based): a status and body, or 'hang' (never answer). */
export type HookAnswer = { status: number; body?: string; headers?: Record<string, string> } | 'hang'

/**
 * A real HTTP server on 127.0.0.1 receiving webhooks: it keeps every request (raw body and headers)
 * and answers each as `answer` says (204 by default).
 */
export async function startHookServer(answer: (n: number, req: HookRequest) => HookAnswer = () => ({ status: 204 })) {
  const requests: HookRequest[] = []
  const hanging: ServerResponse[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request: HookRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks), at: Date.now() }
      const a = answer(requests.length, request)
      requests.push(request)
      if (a === 'hang') return void hanging.push(res)
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers })
      res.end(a.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging.splice(0)) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
