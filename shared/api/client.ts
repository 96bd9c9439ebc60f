/**
 * The client for the site's own JSON endpoints: sends `Authorization: Bearer <token>`
 * when an `auth_jwt` cookie is present (and nothing otherwise), gives up after a timeout, and turns
 * error answers into ApiError carrying the server's localised message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface ApiClientOptions {
  fetch?: typeof fetch
  /** Reads the cookie header string (document.cookie in the browser). */
  cookies?: () => string
  timeoutMs?: number
}

/** The value of one cookie from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() !== name) continue
    const value = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return null
}

export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie))
  const timeoutMs = options.timeoutMs ?? 10_000

  return async function request<T = unknown>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers }
    const token = readCookie(cookies(), 'auth_jwt')
    if (token) headers.authorization = `Bearer ${token}`
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let res: Response
    try {
      res = await doFetch(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
        credentials: 'same-origin',
      })
    } catch (err) {
      throw new ApiError(0, controller.signal.aborted ? 'timeout' : 'network error', err)
    } finally {
      clearTimeout(timer)
    }
    const body: unknown = await res.json().catch(() => null)
    if (!res.ok) {
      const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : `HTTP ${res.status}`
      throw new ApiError(res.status, message, body)
    }
    return body as T
  }
}
