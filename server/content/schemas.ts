import { SOCIAL_NETWORKS } from '../../shared/social'
import { NEWS_CATEGORIES, PROJECT_CATEGORIES } from '../../shared/content'

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$'
const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$'
const text = { type: 'string', minLength: 1, maxLength: 300 } as const
const imagePath = { type: 'string', pattern: '^images/[A-Za-z0-9/_.-]+\\.(svg|png|jpe?g|webp|avif)$' } as const
const localised = (schema: object) => ({ type: 'object', required: ['ja', 'en'], additionalProperties: false, properties: { ja: schema, en: schema } })

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
    postalCode: { type: 'string', pattern: '^\\d{3}-?\\d{4}$' },
    phone: { type: 'string', pattern: '^[0-9+-]{6,20}$' },
    phoneInternational: { type: 'string', pattern: '^\\+[0-9-]{6,20}$' },
    fax: { type: 'string', pattern: '^[0-9+-]{6,20}$' },
    hours: localised(text),
    email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$' },
    founded: { type: 'integer', minimum: 1800, maximum: 2100 },
    employees: { type: 'integer', minimum: 1 },
    representative: localised(text),
    mapUrl: { type: 'string', pattern: '^https://' },
    social: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((network) => [network, { type: 'string', pattern: '^[A-Za-z0-9._-]+$' }])),
    },
    licences: localised({ type: 'array', items: text }),
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
  properties: { title: text, description: text },
} as const

export const newsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'date', 'category', 'excerpt'],
  properties: {
    title: text,
    date: { type: 'string', pattern: DATE },
    category: { enum: [...NEWS_CATEGORIES] },
    excerpt: text,
    cover: imagePath,
    coverAlt: text,
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
    completed: { type: 'string', pattern: DATE },
    category: { enum: [...PROJECT_CATEGORIES] },
    use: text,
    structure: text,
    scale: text,
    floorArea: { type: 'number', exclusiveMinimum: 0 },
    periodStart: { type: 'string', pattern: MONTH },
    periodEnd: { type: 'string', pattern: MONTH },
    scope: text,
    summary: text,
    featured: { type: 'boolean' },
    cover: imagePath,
    coverAlt: text,
    gallery: {
      type: 'array',
      maxItems: 24,
      items: { type: 'object', additionalProperties: false, required: ['src', 'alt'], properties: { src: imagePath, alt: text } },
    },
  },
} as const
