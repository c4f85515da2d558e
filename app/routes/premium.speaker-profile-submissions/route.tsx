import { rootInfo } from '~/components/meta'
import { withBrandSuffix } from '~/lib/meta-title'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect } from 'react'
import { handleMagicLinkAction, getMagicLinkView } from '~/auth/magic-link-form.server'
import { MagicLinkForm } from '~/auth/magic-link-form'
import { isMagicLinkFormIntent } from '~/auth/magic-link-text'
import { getSessionUser } from '~/auth/session.server'
import { GeneralErrorBoundary, ErrorMessage } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { clearSpeakerDraft, SpeakerForm } from '~/components/speakers/speaker-form'
import { getConfig } from '~/config.server'
import { ADMIN_HOME_PATH, DEFAULT_RETURN_TO } from '~/lib/constants'
import { speakerFormDefaults } from '~/lib/speaker-form'
import { formatUsLongDate } from '~/lib/text'
import { createSpeaker, getOwnedSpeaker, listSpeakersByOwner, updateSpeaker } from '~/models/speakers.server'
import type { loader as rootLoader } from '~/root'
import { readSpeakerForm, SPEAKER_FORM_BODY, toSpeakerInput } from '~/services/speaker-form.server'
import { saveErrorMessages } from '~/services/speaker-save.server'
import { redirectWithToast } from '~/services/toast.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { readForm } from '~/services/request-body.server'

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

export const NOT_OWNER = 'Speaker not found or you do not have permission to edit this profile.'
export const NOT_SIGNED_IN = 'You must be logged in to submit a profile.'
export const SUBMITTED = 'Profile submitted successfully! It will be reviewed by our team.'
export const UPDATED = 'Profile updated successfully!'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request)
  if (!user) return { signedIn: false as const, magicLink: await getMagicLinkView(request, 'signup') }
  // spec 001 §2: "An admin opening this screen is redirected to /resources/admin."
  if (user.role === 'admin') throw redirect(ADMIN_HOME_PATH)
  const id = new URL(request.url).searchParams.get('id')
  let own: Awaited<ReturnType<typeof listSpeakersByOwner>> = []
  let listError: string | null = null
  try {
    own = await listSpeakersByOwner(user.id)
  } catch (error) {
    console.error(error)
    listError = 'Failed to load your submissions.'
  }
  let editing = null
  let editError: string | null = null
  if (id) {
    try {
      editing = await getOwnedSpeaker(id, user.id)
      if (!editing) editError = NOT_OWNER
    } catch (error) {
      console.error(error)
      editError = 'Failed to load speaker. Please try again.'
    }
  }
  return data(
    {
      signedIn: true as const,
      email: user.email,
      own: own.map((s) => ({ ...s, created: formatUsLongDate(s.createdAt) })),
      listError,
      editId: editing?.id ?? null,
      editError,
      defaults: speakerFormDefaults(editing),
    },
    { status: editError === NOT_OWNER ? 404 : 200 },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request)
  if (!user) {
    const formData = await readForm(request, SPEAKER_FORM_BODY)
    if (isMagicLinkFormIntent(formData.get('intent'))) {
      return handleMagicLinkAction({ request, formData, intent: 'signup', returnTo: DEFAULT_RETURN_TO })
    }
    return data({ result: { status: 'error' as const, error: { '': [NOT_SIGNED_IN] } } }, { status: 401 })
  }
  if (user.role === 'admin') throw redirect(ADMIN_HOME_PATH)

  const { submission, uploadError, uploadStatus } = await readSpeakerForm(request)
  // Conform's add/remove-row buttons: re-render with the list changed, nothing saved.
  if (submission.status === undefined) return data({ result: submission.reply() })
  if (submission.status !== 'success' || uploadError) {
    return data(
      { result: submission.reply(uploadError ? { fieldErrors: { profileImageUrl: [uploadError] } } : undefined) },
      { status: uploadError ? uploadStatus : 400 },
    )
  }

  const id = new URL(request.url).searchParams.get('id')
  const input = toSpeakerInput(submission.value)
  try {
    if (id) {
      // spec 001 §4: an update by the owner is saved unpublished too; ownership is in the WHERE clause.
      const row = await updateSpeaker(id, input, { ownerId: user.id, isPublished: false })
      if (!row) return data({ result: submission.reply({ formErrors: [NOT_OWNER] }) }, { status: 404 })
      return redirectWithToast(DEFAULT_RETURN_TO, { type: 'success', description: UPDATED })
    }
    await createSpeaker(input, { userId: user.id, isPublished: false })
    return redirectWithToast(`${DEFAULT_RETURN_TO}?created=1`, { type: 'success', description: SUBMITTED })
  } catch (error) {
    if (!(error instanceof Error && 'code' in error)) console.error(error)
    const messages = saveErrorMessages(error, { prefix: 'Error saving profile: ', teamEmail: getConfig().teamEmail })
    return data({ result: submission.reply({ formErrors: messages }) }, { status: 400 })
  }
}

export default function SpeakerProfileSubmissions() {
  const loaderData = useLoaderData<typeof loader>()
  if (!loaderData.signedIn) return <SignedOut view={loaderData.magicLink} />
  return <SignedIn data={loaderData} />
}

function SignedOut({ view }: { view: Parameters<typeof MagicLinkForm>[0]['view'] }) {
  const actionData = useActionData<{ result?: { error?: Record<string, string[]> } }>()
  const notSignedIn = actionData?.result?.error?.['']?.[0]
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Speaker Profile Submissions</h1>
      <p className="mt-3 text-slate-300">
        Sign in with your email to submit your speaker profile for the directory. New here? The same link creates your account.
      </p>
      {notSignedIn ? (
        <div className="mt-4">
          <FormMessage>{notSignedIn}</FormMessage>
        </div>
      ) : null}
      <div className="mt-8">
        <MagicLinkForm view={view} />
      </div>
    </div>
  )
}

type SignedInData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>

function SignedIn({ data: loaderData }: { data: SignedInData }) {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const created = searchParams.get('created') === '1'
  const { email, own, listError, editId, editError, defaults } = loaderData

  // spec 001 §4: the stored draft is removed after a successful create.
  useEffect(() => {
    if (!created) return
    clearSpeakerDraft()
    navigate(DEFAULT_RETURN_TO, { replace: true, preventScrollReset: true })
  }, [created, navigate])

  const result = actionData && 'result' in actionData ? actionData.result : undefined
  const formErrors = result && 'error' in result ? result.error?.[''] : undefined
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">
            {editId ? 'Edit Your Speaker Profile' : 'Submit Your Speaker Profile'}
          </h1>
          <p className="mt-2 text-slate-300">Welcome, {email}</p>
        </div>
        <Form method="post" action="/logout">
          <button type="submit" className={buttonClass.secondary}>
            Logout
          </button>
        </Form>
      </header>

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
                  {s.isPublished ? 'Published' : 'Pending review'} · {s.created}
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
            <Link to={DEFAULT_RETURN_TO} className={buttonClass.secondary}>
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
    </div>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const brand = rootInfo(matches).brand
  return [
    { title: withBrandSuffix('Speaker Profile Submissions', brand) },
    { name: 'description', content: 'Submit or update your speaker profile for the directory.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      unexpected={() => (
        <ErrorMessage
          title="Speaker Profile Submissions"
          body="Failed to load your submissions."
          action={
            <Link to={DEFAULT_RETURN_TO} className={buttonClass.primary}>
              Try again
            </Link>
          }
        />
      )}
    />
  )
}
