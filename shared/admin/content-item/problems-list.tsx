import { useI18n } from '../../i18n/context'
import { readProblem } from './problem-words'
import { inertText } from '../inert-text'

/**
 * The content folder's problems a change would make (checkCandidate: the whole tree checked as
 * content:check does): what happened, that nothing was saved and what to do, in the page's language;
 * then each problem, the common kinds in the page's language with the check's own line beside them.
 */
export function ProblemsList({ problems }: { problems: string[] }) {
  const { t } = useI18n()
  if (!problems.length) return null
  return (
    <section className="staff-notice staff-notice--error" aria-labelledby="problems-heading" data-problems="">
      <h2 id="problems-heading">{t('staff.content.item.problems')}</h2>
      <p data-problems-explained="">{t('staff.content.item.problemList.explain')}</p>
      <ul>
        {problems.map((line, i) => {
          const read = readProblem(line)
          if (!read) return <li key={i}>{inertText(line)}</li>
          return (
            <li key={i} data-problem-kind={read.kind}>
              <code>{read.file}</code> {read.field ? <code>{read.field}</code> : null} {t(`staff.content.item.problemList.kinds.${read.kind}`, read.values)}
              <br />
              <span className="field__hint">{inertText(line)}</span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
