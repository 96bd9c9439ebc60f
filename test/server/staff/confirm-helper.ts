// What a confirmation says, read from a staff page as the server rendered it: the words of a button
// that asks (its dialog's: data-confirm-title, data-confirm-text) and the text of the step the server
// answers without JavaScript (data-confirm="<name>"), and the check that both say the same.
import type { Test } from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { decode, rendered, textOf } from '../inbox/detail-helper'

/** The words of the first button that asks (its dialog's) after the markers, each found after the one before, as the server rendered them. */
export function dialogOf(res: LightMyRequestResponse, ...markers: string[]): { title: string; text: string } {
  const html = rendered(res)
  let at = 0
  for (const marker of markers) at = at < 0 ? at : html.indexOf(marker, at)
  const m = at < 0 ? null : /data-confirm-title="([^"]*)" data-confirm-text="([^"]*)"/.exec(html.slice(at))
  if (!m) throw new Error(`no confirmation after ${markers.join(' ')} (${res.statusCode})`)
  return { title: decode(m[1]!), text: decode(m[2]!) }
}

/** The text of the confirmation step the page shows without JavaScript (`data-confirm="<name>"`). */
export const stepOf = (res: LightMyRequestResponse, name: string) => textOf(rendered(res), `data-confirm="${name}"`)

/** Checks a dialog's words (exactly: the question and what follows) and that the step without JavaScript says the same. */
export function sameWords(t: Test, dialog: { title: string; text: string }, step: string, [title, text]: readonly [string, string], what: string) {
  t.equal(dialog.title, title, `${what}: the dialog's question`)
  t.equal(dialog.text, text, `${what}: what follows`)
  t.ok(step.includes(title) && step.includes(text), `${what}: the step without JavaScript says the same`)
}

