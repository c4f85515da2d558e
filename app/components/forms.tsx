import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

// Field components wire label, aria-invalid and aria-describedby once for every form.
// Pass Conform's getInputProps(...) / getTextareaProps(...) results as inputProps.

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean)
  if (!list?.length) return null
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1 text-sm text-red-300">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

const inputClass =
  'w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 aria-[invalid=true]:border-red-400'

type FieldWiring = { id: string; errorId?: string; hintId?: string; describedBy?: string; invalid?: true }

/** The ids that tie a control to its label, hint and errors — the same for every field kind. */
function useFieldWiring(givenId: string | undefined, errors: ListOfErrors, hasHint: boolean): FieldWiring {
  const fallbackId = useId()
  const id = givenId ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hasHint ? `${id}-hint` : undefined
  return {
    id,
    errorId,
    hintId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
    invalid: errorId ? true : undefined,
  }
}

/** Label above the control, then the hint and the errors below it. */
function FieldFrame({
  wiring,
  label,
  hint,
  errors,
  className,
  children,
}: {
  wiring: FieldWiring
  label: ReactNode
  hint?: ReactNode
  errors?: ListOfErrors
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <label htmlFor={wiring.id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={wiring.hintId} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={wiring.errorId} errors={errors} />
    </div>
  )
}

type FieldProps = { label: ReactNode; hint?: ReactNode; errors?: ListOfErrors; className?: string }

export function Field({ inputProps, ...frame }: FieldProps & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const wiring = useFieldWiring(inputProps.id, frame.errors, Boolean(frame.hint))
  return (
    <FieldFrame wiring={wiring} {...frame}>
      <input
        {...inputProps}
        id={wiring.id}
        aria-invalid={wiring.invalid}
        aria-describedby={wiring.describedBy}
        className={`${inputClass} ${inputProps.className ?? ''}`}
      />
    </FieldFrame>
  )
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const wiring = useFieldWiring(textareaProps.id, frame.errors, Boolean(frame.hint))
  return (
    <FieldFrame wiring={wiring} {...frame}>
      <textarea
        {...textareaProps}
        id={wiring.id}
        aria-invalid={wiring.invalid}
        aria-describedby={wiring.describedBy}
        className={`${inputClass} ${textareaProps.className ?? ''}`}
      />
    </FieldFrame>
  )
}

export function SelectField({
  selectProps,
  options,
  ...frame
}: Omit<FieldProps, 'hint'> & {
  selectProps: SelectHTMLAttributes<HTMLSelectElement>
  options: { value: string; label: string }[]
}) {
  const wiring = useFieldWiring(selectProps.id, frame.errors, false)
  return (
    <FieldFrame wiring={wiring} {...frame}>
      <select
        {...selectProps}
        id={wiring.id}
        aria-invalid={wiring.invalid}
        aria-describedby={wiring.describedBy}
        className={`${inputClass} ${selectProps.className ?? ''}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export function CheckboxField({
  label,
  inputProps,
  errors,
  className,
}: {
  label: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  className?: string
}) {
  const { id, errorId, invalid } = useFieldWiring(inputProps.id, errors, false)
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          {...inputProps}
          type="checkbox"
          id={id}
          aria-invalid={invalid}
          aria-describedby={errorId}
          className="h-4 w-4 rounded border-white/30 bg-ink-900 accent-brand-500"
        />
        <label htmlFor={id} className="text-sm text-slate-200">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** A form-level message (role=alert so screen readers hear it). */
export function FormMessage({ tone = 'error', children, id }: { tone?: 'error' | 'success'; children: ReactNode; id?: string }) {
  if (!children) return null
  const cls =
    tone === 'error' ? 'border-red-400/50 bg-red-950/70 text-red-100' : 'border-emerald-400/50 bg-emerald-950/70 text-emerald-100'
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${cls}`}>
      {children}
    </div>
  )
}

export const HONEYPOT_FIELD = 'company_website'

/** Invisible to people, irresistible to bots: a filled value means the submission is dropped quietly. */
export function Honeypot() {
  // A per-instance id: several forms (footer newsletter, contact modal) can share one page.
  const id = `${HONEYPOT_FIELD}-${useId().replace(/:/g, '')}`
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-brand-500 px-4 py-2 font-semibold text-white shadow hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-white/20 bg-white/5 px-4 py-2 font-semibold text-slate-100 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60',
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {label ? <span>{label}</span> : null}
    </span>
  )
}
