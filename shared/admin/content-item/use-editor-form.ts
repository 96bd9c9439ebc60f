import { useCallback, useRef, useState } from 'react'
import type { Locale } from '../../i18n/locales'
import { validateFields } from '../../validation/form'
import type { FormErrors } from '../../validation/types'
import type { ItemKind } from '../editor-model/items'
import { checkEditorForm } from './form-check'
import type { EditorForm } from './form-model'

/**
 * The editor's values and errors in the browser: every change is checked again with the same
 * catalogue rules the server runs, for the fields the editor left once or that show an error.
 */
export function useEditorForm(kind: ItemKind, slug: string, isNew: boolean, initial: EditorForm, initialErrors: FormErrors, locale: Locale, slugWords: string, altWords: string) {
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState(initialErrors)
  const left = useRef(new Set<string>())
  const recheck = useCallback(
    (next: EditorForm, names: string[]) => {
      const found = checkEditorForm(kind, slug, next, locale, validateFields, isNew ? slugWords : undefined, altWords)
      setErrors((was) => {
        const out = { ...was }
        for (const name of names) {
          if (found[name]) out[name] = found[name]
          else delete out[name]
        }
        return out
      })
    },
    [kind, slug, isNew, locale, slugWords, altWords],
  )
  const change = useCallback(
    (name: string, value: string) => {
      setForm((was) => {
        const next = { ...was, [name]: value }
        if (left.current.has(name) || errors[name]) recheck(next, [name])
        return next
      })
    },
    [errors, recheck],
  )
  const blur = useCallback(
    (name: string) => {
      left.current.add(name)
      setForm((was) => {
        recheck(was, [name])
        return was
      })
    },
    [recheck],
  )
  /** Starts writing a missing language (its column appears, empty). */
  const write = useCallback((l: Locale) => setForm((was) => ({ ...was, [`has.${l}`]: '1' })), [])
  return { form, errors, change, blur, write, setForm }
}
