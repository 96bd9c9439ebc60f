/**
 * The contact form's few browser-only effects: the draft kept in sessionStorage, the toast,
 * the document title and the JSON request. Called from event handlers and effects only,
 * never while rendering, so the module is safe to import on the server.
 */
import { toast } from '../../toast'
import { ApiError, createApiClient } from '../../api/client'
import type { ContactValues } from './values'

const DRAFT_KEY = 'contact-draft'

/** Saves what was typed so a reload or the Back button never loses it (this tab only). */
export function saveDraft(values: ContactValues): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values))
  } catch {
    // storage full or disabled: the form still works
  }
}

export function loadDraft(): Partial<ContactValues> | null {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY)
    const value: unknown = text ? JSON.parse(text) : null
    return typeof value === 'object' && value !== null ? (value as Partial<ContactValues>) : null
  } catch {
    return null
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY)
  } catch {
    // nothing to clear
  }
}

/**
 * Shows the form's error toast (bottom right, assertive): it stays until closed and a newer one
 * replaces it. The message also appears on the page itself: a toast is never the only place.
 */
export function showErrorToast(summary: string, detail: string): void {
  toast.add({ id: 'contact-error', group: 'contact', severity: 'error', summary, detail })
}

export function clearToast(): void {
  toast.clear('contact')
}

/** Sets the document title, except in development where every title is "sample". */
export function setDocumentTitle(title: string): void {
  if (document.title !== 'sample') document.title = title
}

export interface ApiAnswer {
  status: number
  body: { id?: string; message?: string; errors?: Record<string, string> }
}

const api = createApiClient()

/** POST /api/contact through the site's API client; a network failure or a timeout answers status 0. */
export async function postInquiry(payload: object): Promise<ApiAnswer> {
  try {
    return { status: 200, body: await api<ApiAnswer['body']>('/api/contact', { body: payload }) }
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, body: (err.body ?? {}) as ApiAnswer['body'] }
    return { status: 0, body: {} }
  }
}

/**
 * What the form's fields hold now, by name: the page is hydrated at the visitor's first touch of the form
 * (client/hydrate.ts), so what was typed (or what the browser restored) before the code arrived is read back.
 */
export function fieldValues(names: readonly string[]): Record<string, string | boolean> {
  const form = document.querySelector<HTMLFormElement>('form.contact-form')
  const out: Record<string, string | boolean> = {}
  for (const name of names) {
    const field = form?.elements.namedItem(name)
    if (field instanceof HTMLInputElement && field.type === 'checkbox') out[name] = field.checked
    else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) out[name] = field.value
  }
  return out
}

/** The field that has the focus now (its name), if it is one of the form's. */
export function focusedField(): string | undefined {
  const active = document.activeElement
  return active instanceof HTMLElement && active.closest('form.contact-form') ? (active.getAttribute('name') ?? undefined) : undefined
}

export function goTo(url: string): void {
  window.location.assign(url)
}
