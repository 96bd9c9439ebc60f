import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import type { EditableItem, ItemKind, LanguageVersion } from '../editor-model/items'
import { BODY, hasPublication, hasVersions, isGroup, specsOf, type FieldSpec, type Spec } from './fields'

/**
 * The editor's form as posted: flat names, string values. News, projects, pages: `has.<lang>` ('1' when
 * the language is written), `<lang>.<field>`, `<lang>.gallery.<row>.<field>`, `<lang>.body`,
 * `<lang>.draft`. Site parts: `<lang>.<field>` for a localised value, `<field>` for one value
 * (`social.x`), `<lang>.services.<row>.<field>`; lists one entry a line. Reading the form back gives
 * the EditableItem a save writes; reading an item gives the form the page shows.
 */
export type EditorForm = Record<string, string>

/** A menu entry as a line: '/recruit', or '/recruit | 採用情報 | Careers'. */
function menuLine(entry: unknown): string {
  if (typeof entry === 'string') return entry
  const e = (entry ?? {}) as { path?: unknown; label?: Record<string, unknown> }
  return [String(e.path ?? ''), ...LOCALE_CODES.map((l) => String(e.label?.[l] ?? ''))].join(' | ')
}

function menuEntry(line: string): unknown {
  const [path = '', ...labels] = line.split('|').map((p) => p.trim())
  if (!labels.some((l) => l !== '')) return path
  return { path, label: Object.fromEntries(LOCALE_CODES.map((l, i) => [l, labels[i] ?? ''])) }
}

const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '')

function show(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return ''
  if (spec.input === 'checkbox') return value === true ? '1' : ''
  if (spec.input === 'lines') return Array.isArray(value) ? value.map(String).join('\n') : ''
  if (spec.input === 'menu') return Array.isArray(value) ? value.map(menuLine).join('\n') : ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** A typed value of the form as the file holds it; undefined: left out (empty). A number that is not one stays text (the check reports it). */
function read(spec: FieldSpec, text: string | undefined): unknown {
  const value = spec.input === 'textarea' || spec.input === 'lines' || spec.input === 'menu' ? (text ?? '').replace(/\r\n/g, '\n') : (text ?? '').trim()
  if (spec.input === 'checkbox') return value === '1' || value === 'on' ? true : undefined
  if (value === '') return undefined
  if (spec.input === 'number' || spec.input === 'integer') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
  if (spec.input === 'lines') return lines(value)
  if (spec.input === 'menu') return lines(value).map(menuEntry)
  return value
}

const get = (data: Record<string, unknown> | undefined, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data)
function set(data: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.')
  let at = data
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>
  at[parts[parts.length - 1]!] = value
}

/** The number of rows of a group the form holds (its highest row number + 1). */
export function rowsIn(form: EditorForm, prefix: string): number {
  let rows = 0
  const re = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d{1,3})\\.`)
  for (const name of Object.keys(form)) {
    const m = re.exec(name)
    if (m) rows = Math.max(rows, Number(m[1]) + 1)
  }
  return rows
}

/** The form showing an item (a missing language: no `has.<lang>`, no fields). */
export function formOfItem(item: EditableItem): EditorForm {
  const form: EditorForm = {}
  const specs = specsOf(item.kind, item.slug)
  if (hasVersions(item.kind)) {
    for (const locale of LOCALE_CODES) {
      const version = item.versions?.[locale]
      if (!version) continue
      form[`has.${locale}`] = '1'
      forEachField(specs, version.fields, (spec, path, value) => (form[`${locale}.${path}`] = show(spec, value)))
      form[`${locale}.body`] = version.body
      if (hasPublication(item.kind)) form[`${locale}.draft`] = version.fields.draft === true ? '1' : ''
    }
    return form
  }
  const data = item.data ?? {}
  for (const spec of specs) {
    if (isGroup(spec)) {
      const rows = Array.isArray(data[spec.group]) ? (data[spec.group] as Record<string, unknown>[]) : []
      rows.forEach((row, i) => spec.fields.forEach((f) => LOCALE_CODES.forEach((l) => (form[`${l}.${spec.group}.${i}.${f.name}`] = show(f, get(row, `${f.name}.${l}`))))))
    } else if (spec.localised) for (const l of LOCALE_CODES) form[`${l}.${spec.name}`] = show(spec, get(data, `${spec.name}.${l}`))
    else form[spec.name] = show(spec, get(data, spec.name))
  }
  return form
}

function forEachField(specs: readonly Spec[], fields: Record<string, unknown>, visit: (spec: FieldSpec, path: string, value: unknown) => void): void {
  for (const spec of specs) {
    if (!isGroup(spec)) visit(spec, spec.name, fields[spec.name])
    else (Array.isArray(fields[spec.group]) ? (fields[spec.group] as Record<string, unknown>[]) : []).forEach((row, i) => spec.fields.forEach((f) => visit(f, `${spec.group}.${i}.${f.name}`, row?.[f.name])))
  }
}

/** The rows of a group as the form holds them, empty rows left out. */
function groupRows(spec: Extract<Spec, { group: string }>, count: number, at: (f: FieldSpec, i: number) => unknown): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = []
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = {}
    for (const f of spec.fields) {
      const value = at(f, i)
      if (value !== undefined) row[f.name] = value
    }
    if (Object.keys(row).length) rows.push(row)
  }
  return rows
}

/** The item a posted form describes (fields left empty are left out; every language without `has.<lang>` is missing). */
export function itemOfForm(kind: ItemKind, slug: string, form: EditorForm): EditableItem {
  const specs = specsOf(kind, slug)
  if (hasVersions(kind)) {
    const versions: Partial<Record<Locale, LanguageVersion>> = {}
    for (const locale of LOCALE_CODES) {
      if (form[`has.${locale}`] !== '1') continue
      const fields: Record<string, unknown> = {}
      for (const spec of specs) {
        if (isGroup(spec)) {
          const rows = groupRows(spec, rowsIn(form, `${locale}.${spec.group}`), (f, i) => read(f, form[`${locale}.${spec.group}.${i}.${f.name}`]))
          if (rows.length) fields[spec.group] = rows
        } else {
          const value = read(spec, form[`${locale}.${spec.name}`])
          if (value !== undefined) fields[spec.name] = value
        }
      }
      if (hasPublication(kind) && form[`${locale}.draft`] === '1') fields.draft = true
      versions[locale] = { fields, body: read(BODY, form[`${locale}.body`]) === undefined ? '' : (form[`${locale}.body`] ?? '').replace(/\r\n/g, '\n') }
    }
    return { kind, slug, versions }
  }
  const data: Record<string, unknown> = {}
  for (const spec of specs) {
    if (isGroup(spec)) {
      const rows = groupRows(spec, Math.max(...LOCALE_CODES.map((l) => rowsIn(form, `${l}.${spec.group}`))), (f, i) => {
        const per = Object.fromEntries(LOCALE_CODES.map((l) => [l, read(f, form[`${l}.${spec.group}.${i}.${f.name}`])]).filter(([, v]) => v !== undefined))
        return Object.keys(per).length ? per : undefined
      })
      if (rows.length) data[spec.group] = rows
    } else if (spec.localised) {
      const per = Object.fromEntries(LOCALE_CODES.map((l) => [l, read(spec, form[`${l}.${spec.name}`])]).filter(([, v]) => v !== undefined))
      if (Object.keys(per).length) set(data, spec.name, per)
    } else {
      const value = read(spec, form[spec.name])
      if (value !== undefined) set(data, spec.name, value)
    }
  }
  return { kind, slug, data }
}
