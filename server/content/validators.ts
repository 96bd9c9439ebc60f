import { Ajv } from 'ajv'
import { CONTENT_FORMATS } from './formats'
import { newsSchema, pageSchema, projectSchema, siteSchema } from './schemas'

// verbose: each error carries the value and its schema, which describeError words.
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true })
for (const [name, format] of Object.entries(CONTENT_FORMATS)) ajv.addFormat(name, { type: 'string', validate: format.validate })

/** The content's validators, one per kind of file. */
export const validators = {
  site: ajv.compile(siteSchema),
  page: ajv.compile(pageSchema),
  news: ajv.compile(newsSchema),
  project: ajv.compile(projectSchema),
}
