import { msgKey, simpleRule } from '../define'
import type { RuleDef } from '../types'

export const booleanRules: RuleDef[] = [
  {
    id: 'mustBeTrue',
    family: 'booleans',
    summary: 'The boolean true (a ticked checkbox); empty values, false and strings such as "true" fail.',
    params: [],
    messageKeys: [msgKey('mustBeTrue')],
    judgesEmpty: true,
    test: (value) => value === true,
    message: () => ({ key: msgKey('mustBeTrue') }),
  },
  simpleRule('booleans', 'mustBeFalse', 'The boolean false (an unticked checkbox) or empty; true and strings fail.', (value) => value === false),
]
