import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireWorkspace, sessionChangeRefusal, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field, FormMessage, SelectField, TextareaField } from '~/components/forms'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { isLanguage, LANGUAGE_NAMES_IN_ENGLISH, LANGUAGES, type Language } from '~/lib/i18n/languages'
import {
  hasRequiredWording,
  isDefaultConsent,
  isDefaultMarketing,
  offeredLanguages,
  wordingLanguage,
} from '~/lib/i18n/session-language'
import {
  FOLLOW_ATTENDEE,
  languagesFormValues,
  questionLabelField,
  questionOptionsField,
  SessionLanguagesSchema,
  translationsFromForm,
} from '~/lib/i18n/session-languages-form'
import { isUuid } from '~/lib/text'
import { getPublicSession } from '~/models/lead-capture.server'
import { getSession, setSessionLanguages } from '~/models/talk-sessions.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// /app/sessions/{id}/languages (issue 31 Deliver 2 and 4; docs/languages.md): whether the attendee
// page follows the attendee's language or is fixed to one, the speaker's words in each language,
// and which languages are complete. A language without the speaker's own consent wording (and
// marketing label) in it is not offered on the page.

const notFound = () => new Response('Session not found', { status: 404 })

async function load(request: Request, id: string | undefined) {
  const scope = await requireWorkspace(request, 'sessions.edit')
  const session = isUuid(id) ? await getSession(sessionsScope(scope, 'change'), id) : null
  if (!session) throw await sessionChangeRefusal(scope, id)
  const shown = await getPublicSession(session.code)
  if (!shown) throw notFound()
  return { scope, session, shown }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, shown } = await load(request, params.id)
  const base = wordingLanguage(shown)
  const offered = offeredLanguages(shown)
  const defaultConsent = isDefaultConsent(shown)
  const defaultMarketing = !shown.marketingText.trim() || isDefaultMarketing(shown)
  return {
    id: session.id,
    eventName: session.eventName,
    base,
    fixed: isLanguage(session.language) ? session.language : null,
    defaultConsent,
    defaultMarketing,
    hasMarketing: !!shown.marketingText.trim(),
    hasOffer: shown.hasOffer,
    hasThanksMessage: !!shown.thanksMessage.trim(),
    questions: session.questions.map((q) => ({ id: q.id, label: q.label, kind: q.kind, options: q.options })),
    status: LANGUAGES.map((language) => ({
      language,
      offered: offered.includes(language),
      complete: hasRequiredWording(shown, language),
    })),
    values: flatValues(languagesFormValues(session.language, session.translations, session.questions)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, session } = await load(request, params.id)
  const form = await readForm(request)
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))
  const submission = parseWithZod(form, { schema: SessionLanguagesSchema })
  if (submission.status !== 'success') {
    const reply = submission.reply()
    return data({ values, errors: (reply.error ?? {}) as Record<string, string[] | null> }, { status: 400 })
  }
  const result = translationsFromForm(submission.value, session.questions)
  if (!result.ok) return data({ values, errors: result.errors as Record<string, string[] | null> }, { status: 400 })
  const { mode } = submission.value
  const saved = await setSessionLanguages(sessionsScope(scope, 'change'), session.id, {
    language: mode === FOLLOW_ATTENDEE ? null : (mode as Language),
    translations: result.translations,
  })
  if (!saved) throw notFound()
  return redirectWithToast(`/app/sessions/${session.id}/languages`, { type: 'success', description: 'Languages saved.' })
}

function flatValues(values: ReturnType<typeof languagesFormValues>) {
  const flat: Record<string, string> = { mode: values.mode }
  for (const [language, fields] of Object.entries(values.translations))
    for (const [key, value] of Object.entries(fields)) flat[`translations.${language}.${key}`] = value
  return flat
}

export default function SessionLanguages() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const values = actionData?.values ?? loaded.values
  const errors = actionData?.errors ?? {}
  const err = (name: string) => errors[name] ?? undefined
  // A translation's field is marked with the language it is written in (the labels are in English).
  const text = (name: string, lang?: Language) => ({ id: name.replace(/\./g, '-'), name, lang, defaultValue: values[name] ?? '' })
  const baseName = LANGUAGE_NAMES_IN_ENGLISH[loaded.base]
  const others = LANGUAGES.filter((l) => l !== loaded.base)
  return (
    <>
      <PageHeader
        title={`Languages: ${loaded.eventName}`}
        intro={`Your session's own words are in ${baseName}. Lectern's words are in every language.`}
      >
        <Link to={`/app/sessions/${loaded.id}`} className={buttonClass.secondary}>
          Back to the session
        </Link>
      </PageHeader>
      <section aria-labelledby="offered-title" className="mt-6">
        <h2 id="offered-title" className="text-xl font-semibold text-white">
          Which languages attendees can read
        </h2>
        <table className="mt-3 w-full max-w-2xl text-left text-sm">
          <thead>
            <tr className="text-slate-400">
              <th scope="col" className="py-1 pr-4">
                Language
              </th>
              <th scope="col" className="py-1 pr-4">
                Your wording
              </th>
              <th scope="col" className="py-1">
                On the attendee page
              </th>
            </tr>
          </thead>
          <tbody>
            {loaded.status.map((s) => (
              <tr key={s.language} className="border-t border-white/10 text-slate-200">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {LANGUAGE_NAMES_IN_ENGLISH[s.language]}
                </th>
                <td className="py-1 pr-4">{s.complete ? 'Complete' : 'Your consent wording is missing'}</td>
                <td className="py-1">{s.offered ? 'Offered' : 'Not offered'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <WorkspaceForm method="post" className="mt-8 flex max-w-3xl flex-col gap-6">
        {Object.keys(errors).length ? <FormMessage>Please check the fields marked below.</FormMessage> : null}
        <SelectField
          label="Language of the attendee page"
          selectProps={{ ...text('mode'), defaultValue: values.mode ?? FOLLOW_ATTENDEE }}
          options={[
            { value: FOLLOW_ATTENDEE, label: 'The attendee’s own language (each language that is complete)' },
            ...LANGUAGES.map((l) => ({ value: l, label: `Always ${LANGUAGE_NAMES_IN_ENGLISH[l]}` })),
          ]}
          errors={err('mode')}
        />
        <p className="text-sm text-slate-300">
          {loaded.defaultConsent
            ? 'Your consent wording is Lectern’s default, which attendees read in their own language.'
            : 'Your consent wording is your own: give it in a language to offer that language.'}{' '}
          If you fix one language other than {baseName}, write the session’s own words in that language in the session’s form.
        </p>
        {others.map((language) => {
          const name = LANGUAGE_NAMES_IN_ENGLISH[language]
          const key = (field: string) => `translations.${language}.${field}`
          const own = (field: string) => text(key(field), language)
          return (
            <fieldset key={language} className="rounded-lg border border-white/10 p-4">
              <legend className="px-1 font-semibold text-white">{name}</legend>
              <div className="flex flex-col gap-4">
                {loaded.defaultConsent ? null : (
                  <TextareaField
                    label={`Consent wording in ${name}`}
                    textareaProps={{ ...own('consentText'), rows: 3 }}
                    errors={err(key('consentText'))}
                  />
                )}
                {loaded.hasMarketing && !loaded.defaultMarketing ? (
                  <Field
                    label={`Marketing tick-box label in ${name}`}
                    inputProps={own('marketingText')}
                    errors={err(key('marketingText'))}
                  />
                ) : null}
                {loaded.hasOffer ? (
                  <>
                    <Field label={`Offer title in ${name}`} inputProps={own('offerTitle')} errors={err(key('offerTitle'))} />
                    <Field
                      label={`Offer promise in ${name}`}
                      inputProps={own('offerPromise')}
                      errors={err(key('offerPromise'))}
                    />
                  </>
                ) : null}
                {loaded.hasThanksMessage ? (
                  <TextareaField
                    label={`Thank-you message in ${name}`}
                    textareaProps={{ ...own('thanksMessage'), rows: 3 }}
                    errors={err(key('thanksMessage'))}
                  />
                ) : null}
                {loaded.questions.map((q) => (
                  <div key={q.id} className="flex flex-col gap-2">
                    <Field
                      label={`“${q.label}” in ${name}`}
                      inputProps={own(questionLabelField(q.id))}
                      errors={err(key(questionLabelField(q.id)))}
                    />
                    {q.kind === 'single' || q.kind === 'multi' ? (
                      <TextareaField
                        label={`Its options in ${name}, one per line (${q.options.join(', ')})`}
                        textareaProps={{ ...own(questionOptionsField(q.id)), rows: q.options.length }}
                        errors={err(key(questionOptionsField(q.id)))}
                      />
                    ) : null}
                  </div>
                ))}
              </div>
            </fieldset>
          )
        })}
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Save languages
          </button>
        </div>
      </WorkspaceForm>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data ? `Languages: ${data.eventName}` : 'Languages')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
