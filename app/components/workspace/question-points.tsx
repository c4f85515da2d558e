import { ErrorList } from '~/components/forms'
import { WEIGHT_MAX, WEIGHT_MIN } from '~/lib/lead-score'
import { QUESTION_KINDS, splitOptions, weightKeys, type QuestionKind } from '~/lib/talk-session'

// The optional scoring points of one custom question in the session editor (issue 10 Deliver 4):
// one small number field per option (single, multi), per star (rating) or for any answer (text).
// With JavaScript the fields follow the kind and options as they are typed; without it they match
// the saved question (save new options first, then give them points).

const isKind = (v: unknown): v is QuestionKind => (QUESTION_KINDS as readonly unknown[]).includes(v)

export function QuestionPoints({
  name,
  kind,
  options,
  initial,
  errors,
}: {
  /** The points field's name (questions[i].points). */
  name: string
  kind: unknown
  options: unknown
  initial: unknown
  /** Conform's errors of the whole form, by field name. */
  errors: Record<string, string[] | undefined> | undefined
}) {
  if (!isKind(kind)) return null
  const keys = weightKeys(kind, splitOptions(typeof options === 'string' ? options : ''))
  const initialList = Array.isArray(initial) ? initial : []
  const label = (key: string) =>
    kind === 'rating' ? `${key} star${key === '1' ? '' : 's'}` : kind === 'text' ? 'Any answer' : key
  return (
    <fieldset className="rounded-md border border-white/10 p-3">
      <legend className="px-1 text-sm font-medium text-slate-200">Scoring points (optional)</legend>
      <p className="text-xs text-slate-400">
        Whole numbers from {WEIGHT_MIN} to {WEIGHT_MAX}, added to the score of a person who gives this answer. Empty = 0.
      </p>
      {keys.length === 0 ? (
        <p className="mt-2 text-xs text-slate-400">Give the options first to set their points.</p>
      ) : (
        <div className="mt-2 flex flex-col gap-2">
          {keys.map((key, j) => {
            const field = `${name}[${j}]`
            const id = `${name.replace(/[^a-zA-Z0-9]+/g, '-')}-${j}`
            const fieldErrors = errors?.[field]
            const value = initialList[j]
            return (
              <div key={`${kind}-${j}`} className="grid grid-cols-[minmax(0,1fr)_5rem] items-center gap-2">
                <label htmlFor={id} className="break-words text-sm text-slate-200">
                  <span className="sr-only">Points for </span>
                  {label(key)}
                </label>
                <input
                  id={id}
                  name={field}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
                  aria-invalid={fieldErrors?.length ? true : undefined}
                  aria-describedby={fieldErrors?.length ? `${id}-error` : undefined}
                  className="w-full rounded-md border border-white/15 bg-ink-900 px-2 py-1 text-slate-100 aria-[invalid=true]:border-red-400"
                />
                {fieldErrors?.length ? (
                  <div className="col-span-2">
                    <ErrorList id={`${id}-error`} errors={fieldErrors} />
                  </div>
                ) : null}
              </div>
            )
          })}
        </div>
      )}
    </fieldset>
  )
}
