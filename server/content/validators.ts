import { createAjv } from '../../shared/validation/server'
import { CONTENT_FORMATS } from './formats'
import { newsSchema, pageSchema, projectSchema, siteSchema } from './schemas'

// verbose: each error carries the value and its schema, which describeError words.
const formats = Object.fromEntries(Object.entries(CONTENT_FORMATS).map(([name, format]) => [name, { type: 'string' as const, validate: format.validate }]))
const ajv = createAjv({ allErrors: true, strict: false, verbose: true, formats })

/** The content's validators, one per kind of file. */
export const validators = {
  site: ajv.compile(siteSchema),
  page: ajv.compile(pageSchema),
  news: ajv.compile(newsSchema),
  project: ajv.compile(projectSchema),
}
