import { LOCALE_CODES, perLocale } from '../../shared/i18n/locales'
import { SOCIAL_NETWORKS } from '../../shared/social'
import { NEWS_CATEGORIES, PROJECT_CATEGORIES } from '../../shared/content'
import type { ContentFormatName } from './formats'

// Written forms are named formats (./formats), never patterns: each comes with the words a writer reads.
const written = <F extends ContentFormatName>(format: F) => ({ type: 'string', format }) as const
const text = { type: 'string', minLength: 1, maxLength: 300 } as const
const imagePath = written('image')
// A text in every language of the list: { ja: …, en: … }.
const localised = (schema: object) => ({ type: 'object', required: LOCALE_CODES, additionalProperties: false, properties: perLocale(() => schema) })

export const siteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'shortName', 'tagline', 'description', 'address', 'postalCode', 'phone', 'phoneInternational', 'fax', 'hours', 'email', 'founded', 'employees', 'representative', 'mapUrl', 'licences'],
  properties: {
    name: localised(text),
    shortName: localised(text),
    tagline: localised(text),
    description: localised(text),
    address: localised(text),
    postalCode: written('postal-code'),
    phone: written('phone'),
    phoneInternational: written('international-phone'),
    fax: written('phone'),
    hours: localised(text),
    email: written('email'),
    founded: { type: 'integer', minimum: 1800, maximum: 2100 },
    employees: { type: 'integer', minimum: 1 },
    representative: localised(text),
    mapUrl: written('https-url'),
    // Optional: shown on the about page when written (国税庁の法人番号, the qualified invoice issuer's number).
    corporateNumber: written('corporate-number'),
    invoiceNumber: written('invoice-number'),
    social: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((network) => [network, written('account')])),
    },
    licences: localised({ type: 'array', items: text }),
    // The header's and footer's links (entries checked in navigation.ts: a path, or path + label).
    menus: { type: 'object', additionalProperties: false, properties: { header: { type: 'array', maxItems: 12 }, footer: { type: 'array', maxItems: 24 } } },
    services: {
      type: 'array',
      maxItems: 12,
      items: { type: 'object', additionalProperties: false, required: ['title', 'summary'], properties: { title: localised(text), summary: localised(text) } },
    },
  },
} as const

export const pageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description'],
  // path: required for every page but the five built-in ones (checked in pages.ts, in words).
  properties: { title: text, description: text, path: written('page-path'), label: text },
} as const

export const newsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'date', 'category', 'excerpt'],
  properties: {
    title: text,
    // The day, or the day and time it appears (Japan time, or the zone written): see publication.ts.
    date: written('publish-date'),
    category: { enum: [...NEWS_CATEGORIES] },
    excerpt: text,
    cover: imagePath,
    coverAlt: text,
    draft: { type: 'boolean' },
  },
  dependencies: { cover: ['coverAlt'] },
} as const

export const projectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'location', 'client', 'completed', 'category', 'use', 'structure', 'scale', 'floorArea', 'periodStart', 'periodEnd', 'scope', 'summary', 'cover', 'coverAlt'],
  properties: {
    title: text,
    location: text,
    client: text,
    completed: written('date'),
    category: { enum: [...PROJECT_CATEGORIES] },
    use: text,
    structure: text,
    scale: text,
    floorArea: { type: 'number', exclusiveMinimum: 0 },
    periodStart: written('month'),
    periodEnd: written('month'),
    scope: text,
    summary: text,
    featured: { type: 'boolean' },
    draft: { type: 'boolean' },
    cover: imagePath,
    coverAlt: text,
    gallery: {
      type: 'array',
      maxItems: 24,
      items: { type: 'object', additionalProperties: false, required: ['src', 'alt'], properties: { src: imagePath, alt: text } },
    },
  },
} as const
