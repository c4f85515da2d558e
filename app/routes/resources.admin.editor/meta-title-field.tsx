import { ErrorList } from '~/components/forms'
import { META_TITLE_MAX } from '~/lib/constants'
import { counterColor, scoreColor, scoreMetaTitle } from '~/lib/meta-title'

const SCORE_CLASS = { green: 'text-emerald-300', yellow: 'text-amber-300', red: 'text-red-300' } as const
const COUNTER_CLASS = { red: 'text-red-300', yellow: 'text-amber-300', normal: 'text-slate-300' } as const

/** Meta Title (SEO): score out of 100, character count out of 60, Regenerate, issues (spec 001 §2, §5). */
export function MetaTitleField({
  value,
  brand,
  auto,
  interactive,
  errors,
  onChange,
  onRegenerate,
}: {
  value: string
  brand: string
  auto: boolean
  interactive: boolean
  errors?: string[]
  onChange: (value: string) => void
  onRegenerate: () => void
}) {
  const check = scoreMetaTitle(value, brand)
  const color = scoreColor(check.score)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor="post-meta-title" className="text-sm font-medium text-slate-200">
          Meta Title (SEO)
        </label>
        <div className="flex items-center gap-3 text-sm">
          <span className={SCORE_CLASS[color]} aria-live="polite">
            Score: {check.score}/100
          </span>
          <span className={COUNTER_CLASS[counterColor(value.length)]}>
            {value.length}/{META_TITLE_MAX}
          </span>
          {interactive ? (
            <button
              type="button"
              onClick={onRegenerate}
              className="rounded-md border border-white/20 px-2 py-1 text-slate-100 hover:bg-white/10"
            >
              Regenerate
            </button>
          ) : null}
        </div>
      </div>
      <input
        id="post-meta-title"
        name="metaTitle"
        type="text"
        value={interactive ? value : undefined}
        defaultValue={interactive ? undefined : value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="post-meta-title-hint"
        className="w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40"
      />
      <p id="post-meta-title-hint" className="text-xs text-slate-400">
        {interactive
          ? auto
            ? 'Generated from the title.'
            : 'Edited by hand. Regenerate to generate it from the title again.'
          : 'Left empty, the title is used.'}
      </p>
      {check.issues.length ? (
        <ul className="list-disc pl-5 text-sm text-amber-200" aria-label="Meta title issues">
          {check.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
      <ErrorList errors={errors} />
    </div>
  )
}
