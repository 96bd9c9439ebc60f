import { useEffect, useState } from 'react'
import { browserSupportsWebAuthnAutofill, startAuthentication, startRegistration } from '@simplewebauthn/browser'

export { browserSupportsWebAuthnAutofill }
import { STAFF_PATHS, staffHref } from './paths'

/**
 * The browser's half of the passkey steps (@simplewebauthn/browser): fetch the options, let the
 * browser and the authenticator sign, send the answer back. Only called from event handlers and
 * effects (the server renders the components, never runs this).
 */

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** A JSON POST to a staff endpoint (same origin; the session cookie goes by itself, SameSite=Strict). */
async function post(path: string, body: object, csrf = ''): Promise<Answer> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>
  return { status: res.status, body: json }
}

/** Where the server said to go next, when it said so (a staff path only). */
function redirectOf(answer: Answer): string | null {
  const to = answer.body.redirect
  return answer.status === 200 && answer.body.ok === true && typeof to === 'string' && to.startsWith(`${STAFF_PATHS.home}`) ? to : null
}

/**
 * Signs in with a passkey: `autofill` waits for the browser's autofill prompt on the address field
 * (conditional mediation, where browserSupportsWebAuthnAutofill(); resolves only when the person
 * picks a passkey), otherwise the browser's own dialog at once. Resolves with the page to go to, or null when it did not work.
 */
export async function signInWithPasskey({ autofill, next }: { autofill: boolean; next: string }): Promise<string | null> {
  const { body } = await post(STAFF_PATHS.passkeyOptions, {})
  const response = await startAuthentication({ optionsJSON: body.options as never, useBrowserAutofill: autofill })
  return redirectOf(await post(STAFF_PATHS.passkeySignIn, { response, challengeToken: body.challengeToken, next }))
}

/** Enrols a passkey with an enrolment link (the page's language kept with the account): resolves with the page to go to, or null. */
export async function enrolPasskey(token: string, name: string, locale: string): Promise<string | null> {
  const options = await post(staffHref('enrolPasskeyOptions', { token }), {})
  if (options.status !== 200) return null
  const response = await startRegistration({ optionsJSON: options.body.options as never })
  return redirectOf(await post(staffHref('enrolPasskey', { token }), { response, challengeToken: options.body.challengeToken, name, locale }))
}

/** Where a sensitive step sends the browser when the session's last factor is too old: the confirmation page. */
function reauthOf(answer: Answer): string | null {
  const to = answer.body.redirect
  return answer.status === 403 && answer.body.reason === 'reauth' && typeof to === 'string' && to.startsWith(`${STAFF_PATHS.confirm}?`) ? to : null
}

/** Confirms with one of the account's own passkeys (re-authentication): resolves with the page to go back to, or null. */
export async function confirmWithPasskey(csrf: string, next: string): Promise<string | null> {
  const options = await post(STAFF_PATHS.confirmPasskeyOptions, {}, csrf)
  if (options.status !== 200) return null
  const response = await startAuthentication({ optionsJSON: options.body.options as never })
  return redirectOf(await post(STAFF_PATHS.confirmPasskey, { response, challengeToken: options.body.challengeToken, next }, csrf))
}

/** Adds a passkey to the signed-in account: the page to go to (the list, or the confirmation page first), or null. */
export async function addPasskey(csrf: string, name: string): Promise<string | null> {
  const options = await post(STAFF_PATHS.securityPasskeyOptions, {}, csrf)
  if (options.status !== 200) return reauthOf(options)
  const response = await startRegistration({ optionsJSON: options.body.options as never })
  const done = await post(STAFF_PATHS.securityPasskey, { response, challengeToken: options.body.challengeToken, name }, csrf)
  return redirectOf(done) ?? reauthOf(done)
}

/** Whether an error is the browser's "cancelled" (the person closed the dialog, or another ceremony took over). */
export function cancelled(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name
  return name === 'AbortError' || name === 'NotAllowedError'
}

/**
 * A passkey step behind a button, as the staff pages show it: `supported` once hydrated where the
 * browser has WebAuthn (the server renders it hidden), `busy` while `start` runs a step, `failed` when it
 * did not work (not when the person cancelled); done, the browser goes to the page the step names.
 * `settle` is the same ending for a step started otherwise (the sign-in page's autofill prompt).
 */
export function usePasskeyStep() {
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), [])
  const settle = (step: Promise<string | null>) =>
    step.then((to) => (to ? window.location.assign(to) : setFailed(true)), (err: unknown) => setFailed(!cancelled(err)))
  const start = (step: () => Promise<string | null>) => {
    setBusy(true)
    setFailed(false)
    settle(step()).finally(() => setBusy(false))
  }
  return { supported, busy, failed, start, settle }
}
