import { useI18n } from '../i18n/context'

const STEPS = ['input', 'review', 'complete'] as const
export type StepName = (typeof STEPS)[number]

/** 1 入力 / 2 確認 / 3 完了 with the current step marked (aria-current="step"). */
export function Steps({ current }: { current: StepName }) {
  const { t } = useI18n()
  return (
    <ol className="steps" aria-label={t('units.contact.steps.label')}>
      {STEPS.map((step, i) => (
        <li key={step} className={`steps__item${step === current ? ' steps__item--current' : ''}`} aria-current={step === current ? 'step' : undefined}>
          <span className="steps__number" aria-hidden="true">
            {i + 1}
          </span>
          <span className="steps__label">{t(`units.contact.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  )
}
