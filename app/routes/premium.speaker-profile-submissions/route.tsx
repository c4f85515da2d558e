import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { getMagicLinkView, handleMagicLinkAction } from '~/auth/magic-link-form.server'
import { MagicLinkForm } from '~/auth/magic-link-form'
import { isMagicLinkFormIntent } from '~/auth/magic-link-text'
import { getSessionUser } from '~/auth/session.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { noindexMeta } from '~/components/meta'
import { ProfileSubmissions, SubmissionsHeader } from '~/components/speakers/profile-submissions'
import { DEFAULT_RETURN_TO } from '~/lib/constants'
import type { loader as rootLoader } from '~/root'
import { readForm } from '~/services/request-body.server'
import { SPEAKER_FORM_BODY } from '~/services/speaker-form.server'
import { loadOwnSubmissions, saveOwnSubmission } from '~/services/speaker-submissions.server'

// The profile submission screen spec 001 §4 names, public: signed out it offers the magic link;
// signed in it is the shared ProfileSubmissions (also at /app/profile, inside the workspace).

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

export const NOT_SIGNED_IN = 'You must be logged in to submit a profile.'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request)
  if (!user) return { signedIn: false as const, magicLink: await getMagicLinkView(request, 'signup') }
  return loadOwnSubmissions(request, user)
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
  return saveOwnSubmission(request, user, DEFAULT_RETURN_TO)
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
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12">
      <ProfileSubmissions
        data={loaderData}
        path={DEFAULT_RETURN_TO}
        header={<SubmissionsHeader editing={Boolean(loaderData.editId)} email={loaderData.email} />}
      />
    </div>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) =>
  noindexMeta(matches, 'Speaker Profile Submissions', 'Submit or update your speaker profile for the directory.')

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
