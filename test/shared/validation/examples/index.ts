import type { Examples, MessageCase } from '../helpers'
import { arrayExamples, arrayMessages } from './arrays'
import { booleanExamples, booleanMessages } from './booleans'
import { characterExamples, characterMessages } from './characters'
import { contactExamples, contactMessages } from './contact'
import { dateExamples, dateMessages } from './dates'
import { identifierExamples, identifierMessages } from './identifiers'
import { networkExamples, networkMessages } from './network'
import { numberExamples, numberMessages } from './numbers'
import { objectExamples, objectMessages } from './objects'
import { stringExamples, stringMessages } from './strings'

/** Every family's examples, keyed by rule id. */
export const allExamples: Examples = {
  ...stringExamples,
  ...characterExamples,
  ...contactExamples,
  ...networkExamples,
  ...identifierExamples,
  ...dateExamples,
  ...numberExamples,
  ...booleanExamples,
  ...arrayExamples,
  ...objectExamples,
}

export const allMessages: MessageCase[] = [
  ...stringMessages,
  ...characterMessages,
  ...contactMessages,
  ...networkMessages,
  ...identifierMessages,
  ...dateMessages,
  ...numberMessages,
  ...booleanMessages,
  ...arrayMessages,
  ...objectMessages,
]
