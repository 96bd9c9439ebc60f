import t from 'tap'
import { booleanExamples, booleanMessages } from './examples/booleans'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'booleans', booleanExamples)
runMessages(t, booleanMessages)
