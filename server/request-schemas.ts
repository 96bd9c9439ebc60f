import type { FastifySchemaCompiler } from 'fastify'
import { createAjv } from '../shared/validation/server'

/**
 * Fastify's validator compiler (server/app.ts): the route schemas (body, querystring) compiled by the
 * project's one AJV factory, which takes the input as sent: no type coercion, no defaults filled in,
 * no property removed (Fastify's own AJV would turn 5 into '5', 'true' into true and drop unknown
 * fields, all of which the contact API refuses with 400), strict schemas, the first error enough.
 *
 * A route that declares a schema keeps its answers: it sets `attachValidation` and answers
 * `req.validationError` itself, where the check belongs after its guards (the contact API answers 400
 * in the body's language once the rate limiter has counted the request); without it, the failure
 * reaches the one error handler (server/plugins/errors.ts) as a 400 and is answered like any other,
 * localised: never Fastify's English JSON.
 */
const ajv = createAjv({ strict: true, allowUnionTypes: true })

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => ajv.compile(schema as object)
