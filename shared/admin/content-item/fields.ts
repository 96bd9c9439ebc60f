import { NEWS_CATEGORIES, PROJECT_CATEGORIES } from '../../content'
import { SOCIAL_NETWORKS } from '../../social'
import type { RuleRef } from '../../validation/types'
import type { ItemKind } from '../editor-model/items'

/**
 * The editor's fields per kind of item: what each input is, which rules of the shared validation
 * catalogue (shared/validation) check it (the browser as the editor types, the server on save, the
 * same localised messages), and whether a translator follows it (translation marks). Names are the
 * front matter's keys (news, projects, pages) or site.yml's (site parts); a `group` repeats its
 * fields per row (a project's gallery, the home page's services).
 */
export type FieldInput = 'text' | 'textarea' | 'select' | 'number' | 'integer' | 'checkbox' | 'date' | 'month' | 'publishDate' | 'lines' | 'menu'

export interface FieldSpec {
  name: string
  input: FieldInput
  rules: readonly RuleRef[]
  options?: readonly string[]
  /** site parts: one value per language ({ ja, en } in the file); news, projects and pages: every field is per language. */
  localised?: boolean
  /** A text a translator follows: the English one is marked out of date when the Japanese one changes. */
  translated?: boolean
  /** Required only when this other field of the same language has a value (coverAlt with cover). */
  requiredWith?: string
}

export interface GroupSpec {
  group: string
  fields: readonly FieldSpec[]
  max: number
}

export type Spec = FieldSpec | GroupSpec
export const isGroup = (spec: Spec): spec is GroupSpec => 'group' in spec

export const TEXT_MAX = 300
const required: RuleRef = { id: 'required' }
const requiredDate: RuleRef = { id: 'required', params: ['date'] }
const short: RuleRef[] = [{ id: 'maxChars', params: [TEXT_MAX] }, { id: 'noControlChars' }]
const text = (name: string, options: Partial<FieldSpec> = {}): FieldSpec => ({ name, input: 'text', translated: true, rules: [...(options.requiredWith ? [] : [required]), ...short], ...options })
const optionalText = (name: string, options: Partial<FieldSpec> = {}): FieldSpec => ({ name, input: 'text', translated: true, rules: short, ...options })
const image = (name: string, need = false): FieldSpec => ({ name, input: 'text', rules: [...(need ? [required] : []), { id: 'filePath' }, { id: 'maxChars', params: [TEXT_MAX] }] })
const select = (name: string, options: readonly string[]): FieldSpec => ({ name, input: 'select', options, rules: [{ id: 'required', params: ['select'] }] })
/** The Markdown body (its own textarea with a toolbar). */
export const BODY: FieldSpec = { name: 'body', input: 'textarea', translated: true, rules: [{ id: 'maxChars', params: [100_000] }, { id: 'noControlChars', params: ['multiLine'] }] }

const NEWS: Spec[] = [
  text('title'),
  { name: 'date', input: 'publishDate', rules: [requiredDate] },
  select('category', NEWS_CATEGORIES),
  { ...text('excerpt'), input: 'textarea' },
  image('cover'),
  optionalText('coverAlt', { requiredWith: 'cover' }),
]

const PROJECTS: Spec[] = [
  text('title'),
  text('location'),
  text('client'),
  { name: 'completed', input: 'date', rules: [requiredDate] },
  select('category', PROJECT_CATEGORIES),
  text('use'),
  text('structure'),
  text('scale'),
  { name: 'floorArea', input: 'number', rules: [required, { id: 'maxDecimals', params: [2] }] },
  { name: 'periodStart', input: 'month', rules: [requiredDate] },
  { name: 'periodEnd', input: 'month', rules: [requiredDate] },
  text('scope'),
  { ...text('summary'), input: 'textarea' },
  { name: 'featured', input: 'checkbox', rules: [] },
  image('cover', true),
  text('coverAlt'),
  { group: 'gallery', max: 24, fields: [image('src', true), text('alt')] },
]

const PAGES: Spec[] = [text('title'), { ...text('description'), input: 'textarea' }, { name: 'path', input: 'text', rules: [{ id: 'filePath' }, { id: 'maxChars', params: [200] }] }, optionalText('label')]

const localised = (spec: FieldSpec): FieldSpec => ({ ...spec, localised: true })
const shared = (name: string, input: FieldInput, rules: RuleRef[]): FieldSpec => ({ name, input, rules })
const SOCIAL_RULES: Record<string, string> = { x: 'xId', facebook: 'facebookId', instagram: 'instagramId', line: 'lineId', youtube: 'youtubeChannelId', linkedin: 'slug' }

const PROFILE: Spec[] = [
  ...['name', 'shortName', 'tagline'].map((n) => localised(text(n))),
  localised({ ...text('description'), input: 'textarea' }),
  localised(text('address')),
  shared('postalCode', 'text', [required, { id: 'postalCode' }]),
  shared('phone', 'text', [required, { id: 'phone' }]),
  shared('phoneInternational', 'text', [required, { id: 'phone' }]),
  shared('fax', 'text', [required, { id: 'fax' }]),
  localised(text('hours')),
  shared('email', 'text', [required, { id: 'email' }]),
  shared('founded', 'integer', [required, { id: 'integer' }]),
  shared('employees', 'integer', [required, { id: 'integer' }]),
  localised(text('representative')),
  shared('mapUrl', 'text', [required, { id: 'url' }]),
  shared('corporateNumber', 'text', [{ id: 'corporateNumber' }]),
  shared('invoiceNumber', 'text', [{ id: 'invoiceNumber' }]),
  ...Object.keys(SOCIAL_NETWORKS).map((n) => shared(`social.${n}`, 'text', [{ id: SOCIAL_RULES[n] ?? 'slug' }, { id: 'maxChars', params: [100] }])),
  localised({ name: 'licences', input: 'lines', translated: true, rules: [{ id: 'maxChars', params: [5_000] }, { id: 'noControlChars', params: ['multiLine'] }] }),
  { group: 'services', max: 12, fields: [localised(text('title')), localised(text('summary'))] },
]

const MENUS: Spec[] = ['header', 'footer'].map((n) => shared(`menus.${n}`, 'menu', [{ id: 'maxChars', params: [5_000] }, { id: 'noControlChars', params: ['multiLine'] }]))

/** The fields of an item's editor; `slug` tells the two site parts apart. */
export function specsOf(kind: ItemKind, slug: string): readonly Spec[] {
  if (kind === 'news') return NEWS
  if (kind === 'projects') return PROJECTS
  if (kind === 'pages') return PAGES
  return slug === 'menus' ? MENUS : PROFILE
}

/** Whether an item has a Markdown body and a file per language (news, projects, pages) rather than a part of site.yml. */
export const hasVersions = (kind: ItemKind) => kind !== 'site'

/** Whether its languages can be drafts, published or scheduled (news: also scheduled). */
export const hasPublication = (kind: ItemKind) => kind === 'news' || kind === 'projects'
