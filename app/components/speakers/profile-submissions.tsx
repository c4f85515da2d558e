import { Form, Link, useActionData, useLocation, useNavigate, useSearchParams, type useLoaderData } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { buttonClass, FormMessage } from '~/components/forms'
import { clearSpeakerDraft, SpeakerForm } from '~/components/speakers/speaker-form'
import { plansWith } from '~/lib/plans'
import type { loadOwnSubmissions, saveOwnSubmission } from '~/services/speaker-submissions.server'

// The signed-in body of the profile submission screen (spec 001 §4): the speaker's profiles and the
// form. Shown by /premium/speaker-profile-submissions (with its own header and Logout, as the spec
// has it) and by /app/profile inside the workspace (whose shell already has the one Log out).

// A published profile the directory does not show (spec 000 §6): the owner learns why here.
const NOT_LISTED_STATUS = `Published, not listed in the directory (${plansWith('directoryListing', 'or')} plans only)`

type SubmissionsData = ReturnType<typeof useLoaderData<typeof loadOwnSubmissions>>

export function ProfileSubmissions({
  data: loaderData,
  path,
  header,
}: {
  data: SubmissionsData
  path: string
  header: ReactNode
}) {
  const actionData = useActionData<typeof saveOwnSubmission>()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const created = searchParams.get('created') === '1'
  const { own, listError, editId, editError, defaults } = loaderData

  // spec 001 §4: the stored draft is removed after a successful create.
  useEffect(() => {
    if (!created) return
    clearSpeakerDraft()
    navigate(path, { replace: true, preventScrollReset: true })
  }, [created, navigate, path])

  const result = actionData && 'result' in actionData ? actionData.result : undefined
  const formErrors = result && 'error' in result ? result.error?.[''] : undefined
  return (
    <>
      {header}
      <section aria-labelledby="my-profiles" className="mt-8 rounded-xl border border-white/10 bg-ink-900/60 p-5">
        <h2 id="my-profiles" className="text-lg font-semibold text-white">
          Your submitted profiles
        </h2>
        {listError ? <FormMessage>{listError}</FormMessage> : null}
        {own.length === 0 && !listError ? (
          <p className="mt-2 text-sm text-slate-300">You have not submitted a profile yet.</p>
        ) : null}
        <ul className="mt-3 flex flex-col gap-2">
          {own.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-white/10 px-4 py-3"
            >
              <div>
                <p className="font-medium text-white">{s.name}</p>
                <p className="text-xs text-slate-300">
                  {s.isPublished ? (s.listed ? 'Published' : NOT_LISTED_STATUS) : 'Pending review'} · {s.created}
                </p>
              </div>
              <Link to={`?id=${s.id}`} className={buttonClass.secondary} aria-label={`Edit ${s.name}`}>
                Edit
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-8">
        {editError ? (
          <div className="flex flex-col items-start gap-4">
            <FormMessage>{editError}</FormMessage>
            <Link to={path} className={buttonClass.secondary}>
              Create a new profile instead
            </Link>
          </div>
        ) : (
          <SpeakerForm
            // A new location (after a save) remounts the form, so it starts empty again.
            key={`${editId ?? 'new'}-${location.key}`}
            id={editId ? `speaker-${editId}` : 'speaker-new'}
            mode="submission"
            lastResult={result}
            defaultValue={defaults}
            isEdit={Boolean(editId)}
            draft={!editId && !created}
            formError={formErrors?.length ? formErrors.map((m) => <p key={m}>{m}</p>) : null}
          />
        )}
      </div>
    </>
  )
}

/** The header of the public screen: its title, who is signed in, and its Logout (spec 001 §4). */
export function SubmissionsHeader({ editing, email }: { editing: boolean; email: string }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-white">{editing ? 'Edit Your Speaker Profile' : 'Submit Your Speaker Profile'}</h1>
        <p className="mt-2 text-slate-300">Welcome, {email}</p>
      </div>
      <Form method="post" action="/logout">
        <button type="submit" className={buttonClass.secondary}>
          Logout
        </button>
      </Form>
    </header>
  )
}
