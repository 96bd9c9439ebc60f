import t from 'tap'
import { ApiError, createApiClient, readCookie } from '../../shared/api/client'
import { allowReload, RELOAD_WINDOW_MS } from '../../client/reload-guard'

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}

t.test('reload guard: at most one reload per path per 10 000 ms, remembered in storage', async (t) => {
  const storage = memoryStorage()
  t.ok(allowReload('/en/news', 1_000, storage), 'first reload allowed')
  t.notOk(allowReload('/en/news', 1_000 + RELOAD_WINDOW_MS - 1, storage), 'again within 10 s: refused')
  t.ok(allowReload('/en/about', 1_500, storage), 'another path is independent')
  t.ok(allowReload('/en/news', 1_000 + RELOAD_WINDOW_MS, storage), 'after 10 s: allowed again')
  const afterReload = { getItem: storage.getItem, setItem: storage.setItem }
  t.notOk(allowReload('/en/news', 1_000 + RELOAD_WINDOW_MS + 5, afterReload), 'the record survives a reload (same storage)')
  storage.data.set('reload-guard', 'not json')
  t.ok(allowReload('/x', 50_000, storage), 'a corrupt record is reset')
  const broken = { getItem: () => null, setItem: () => { throw new Error('quota') } }
  t.notOk(allowReload('/y', 1, broken), 'no storage: no reload (cannot rule out a loop)')
})

t.test('readCookie', async (t) => {
  t.equal(readCookie('a=1; auth_jwt=abc.def; b=2', 'auth_jwt'), 'abc.def')
  t.equal(readCookie('xauth_jwt=no; auth_jwt_old=no', 'auth_jwt'), null)
  t.equal(readCookie('auth_jwt=a%20b', 'auth_jwt'), 'a b')
  t.equal(readCookie('', 'auth_jwt'), null)
})

t.test('api client: Bearer from auth_jwt only when present; typed errors with the server message', async (t) => {
  const calls: { url: string; init: RequestInit }[] = []
  const fake = (answer: Response) => (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return answer
  }) as unknown as typeof fetch
  const withToken = createApiClient({ fetch: fake(Response.json({ id: 'Q-1' }, { status: 201 })), cookies: () => 'i18n_redirected=en; auth_jwt=tok123' })
  t.same(await withToken('/api/contact', { body: { a: 1 } }), { id: 'Q-1' })
  const sent = calls[0]!.init.headers as Record<string, string>
  t.equal(sent.authorization, 'Bearer tok123')
  t.equal(sent['content-type'], 'application/json')
  t.equal(calls[0]!.init.method, 'POST')
  t.equal(calls[0]!.init.body, '{"a":1}')

  const without = createApiClient({ fetch: fake(Response.json({ ok: true })), cookies: () => 'i18n_redirected=en' })
  await without('/api/x')
  t.notOk((calls[1]!.init.headers as Record<string, string>).authorization, 'no cookie, no Authorization header')
  t.equal(calls[1]!.init.method, 'GET')

  const failing = createApiClient({ fetch: fake(Response.json({ message: '入力内容に2件のエラーがあります。', errors: { email: 'x' } }, { status: 422 })), cookies: () => '' })
  const err = (await failing('/api/contact', { body: {} }).catch((e: unknown) => e)) as ApiError
  t.ok(err instanceof ApiError)
  t.equal(err.status, 422)
  t.equal(err.message, '入力内容に2件のエラーがあります。')
  t.same((err.body as { errors: unknown }).errors, { email: 'x' })

  const notJson = createApiClient({ fetch: fake(new Response('<html>', { status: 502 })), cookies: () => '' })
  const err502 = (await notJson('/api/x').catch((e: unknown) => e)) as ApiError
  t.equal(err502.status, 502)
  t.equal(err502.message, 'HTTP 502')
})

t.test('api client: times out', async (t) => {
  const hanging = ((_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted'))))) as unknown as typeof fetch
  const client = createApiClient({ fetch: hanging, cookies: () => '', timeoutMs: 20 })
  const err = (await client('/api/slow').catch((e: unknown) => e)) as ApiError
  t.ok(err instanceof ApiError)
  t.equal(err.status, 0)
  t.equal(err.message, 'timeout')
})
