import type { Locale, MessageValues, ParamDef, RuleDef, RuleFamily } from './types'

/** Message id of a rule (or of one of its variants). */
export function msgKey(id: string, variant?: string): string {
  return variant ? `units.validation.${id}.${variant}` : `units.validation.${id}`
}

/** A rule without parameters whose failure message is `units.validation.<id>`. */
export function simpleRule(family: RuleFamily, id: string, summary: string, test: (value: unknown) => boolean): RuleDef {
  const key = msgKey(id)
  return { id, family, summary, params: [], messageKeys: [key], test, message: () => ({ key }) }
}

/**
 * A rule with parameters and one message `units.validation.<id>` whose ICU values come
 * from the (checked) parameters.
 */
export function paramRule(
  family: RuleFamily,
  id: string,
  summary: string,
  params: readonly ParamDef[],
  test: (value: unknown, params: readonly unknown[]) => boolean,
  values: (params: readonly unknown[], locale: Locale) => MessageValues = () => ({}),
): RuleDef {
  const key = msgKey(id)
  return { id, family, summary, params, messageKeys: [key], test, message: (p, locale) => ({ key, values: values(p, locale) }) }
}

/** Parameter definitions. */
export const param = {
  length: (name: string, description: string, example: number): ParamDef => ({ name, kind: 'length', description, example }),
  count: (name: string, description: string, example: number): ParamDef => ({ name, kind: 'count', description, example }),
  text: (name: string, description: string, example: string): ParamDef => ({ name, kind: 'text', description, example }),
  chars: (name: string, description: string, example: string | readonly string[]): ParamDef => ({ name, kind: 'chars', description, example }),
}
