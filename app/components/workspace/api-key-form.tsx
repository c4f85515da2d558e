import { getCollectionProps, getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useNavigation } from '@remix-run/react'
import { buttonClass, ErrorList, Field, FormMessage } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { API_SCOPE_LABELS, API_SCOPES, apiKeySchema, expiryBounds, type ApiScope } from '~/lib/api-keys'

// Settings → API: the create form (issue 30 Deliver 1). One checkbox per scope, its value the scope's
// name; the action answers the new key in its response (shown once, see ApiKeyShownOnce).

export function ApiKeyForm({ lastResult, today }: { lastResult?: SubmissionResult<string[]> | null; today: string }) {
  const saving = useNavigation().state === 'submitting'
  const schema = apiKeySchema(new Date(`${today}T12:00:00Z`))
  const bounds = expiryBounds(new Date(`${today}T12:00:00Z`))
  const [form, fields] = useServerForm({
    id: 'api-key',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: { name: '', scopes: ['leads:read'], expiresOn: '' },
  })
  const scopesError = fields.scopes.errors ?? Object.values(fields.scopes.allErrors).flat()
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
      <input type="hidden" name="intent" value="create" />
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <Field
        label="Name"
        hint="What uses this key: “Zapier”, “CRM sync”."
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
        errors={fields.name.errors}
      />
      <fieldset aria-describedby={scopesError.length ? fields.scopes.errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-200">Scopes</legend>
        <div className="flex flex-col gap-2">
          {getCollectionProps(fields.scopes, { type: 'checkbox', options: [...API_SCOPES] }).map(({ key, ...p }) => (
            <div key={key} className="flex items-start gap-2">
              <input
                {...p}
                id={`scope-${p.value}`}
                aria-describedby={`scope-${p.value}-hint`}
                className="mt-1 h-4 w-4 accent-brand-500"
              />
              <div>
                <label htmlFor={`scope-${p.value}`} className="text-sm text-slate-100">
                  {API_SCOPE_LABELS[p.value as ApiScope].label}{' '}
                  <code className="font-mono text-xs text-slate-400">{p.value}</code>
                </label>
                <span id={`scope-${p.value}-hint`} className="block text-xs text-slate-400">
                  {API_SCOPE_LABELS[p.value as ApiScope].hint}
                </span>
              </div>
            </div>
          ))}
        </div>
        <ErrorList id={fields.scopes.errorId} errors={scopesError.length ? [scopesError[0]] : undefined} />
      </fieldset>
      <Field
        className="max-w-xs"
        label="Expires on (optional)"
        hint="The key stops at the end of this day (UTC). Leave empty for a key that does not expire."
        inputProps={{ ...getInputProps(fields.expiresOn, { type: 'date' }), min: bounds.min, max: bounds.max }}
        errors={fields.expiresOn.errors}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          Create key
        </button>
      </div>
    </WorkspaceForm>
  )
}

/** The new key, once: it exists nowhere else (only its hash is stored), so this is the only chance to copy it. */
export function ApiKeyShownOnce({ name, apiKey }: { name: string; apiKey: string }) {
  return (
    <section
      role="status"
      aria-labelledby="new-key-title"
      className="mt-8 max-w-3xl rounded-xl border border-emerald-400/50 bg-emerald-950/40 p-6"
    >
      <h2 id="new-key-title" className="text-lg font-semibold text-white">
        Your new key “{name}”
      </h2>
      <p className="mt-2 text-slate-200">
        Copy it now and keep it somewhere safe: it is shown only this once. Only a fingerprint of it is kept, so nobody can show
        it again; if you lose it, revoke it and create another.
      </p>
      <label htmlFor="new-api-key" className="mt-4 block text-sm font-medium text-slate-200">
        API key
      </label>
      <input
        id="new-api-key"
        readOnly
        value={apiKey}
        spellCheck={false}
        autoComplete="off"
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 font-mono text-sm text-slate-100"
      />
    </section>
  )
}
