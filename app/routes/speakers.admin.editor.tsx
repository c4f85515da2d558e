import { noindexMeta } from '~/components/meta'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireAdmin } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { SpeakerForm } from '~/components/speakers/speaker-form'
import { getConfig } from '~/config.server'
import { speakerFormDefaults } from '~/lib/speaker-form'
import { createSpeaker, getSpeakerById, updateSpeaker } from '~/models/speakers.server'
import type { loader as rootLoader } from '~/root'
import { readSpeakerSubmission, toSpeakerInput } from '~/services/speaker-form.server'
import { saveErrorMessages } from '~/services/speaker-save.server'
import { redirectWithToast } from '~/services/toast.server'
import bioCss from '~/components/bio-editor/bio-content.css?url'

export const links = () => [{ rel: 'stylesheet', href: bioCss }]

const ACCESS_DENIED = 'Access denied. Admin privileges required.'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const id = new URL(request.url).searchParams.get('id')
  if (!id) return { editId: null, defaults: speakerFormDefaults() }
  const speaker = await getSpeakerById(id).catch((error: unknown) => {
    console.error(error)
    throw data('Failed to load speaker. Please try again.', { status: 500 })
  })
  if (!speaker) throw data('Speaker not found', { status: 404 })
  return { editId: speaker.id, defaults: speakerFormDefaults(speaker) }
}

export async function action({ request }: ActionFunctionArgs) {
  // spec 001 §5: "An admin check runs before saving".
  const user = await requireAdmin(request).catch(() => null)
  if (!user) return data({ result: { status: 'error' as const, error: { '': [ACCESS_DENIED] } } }, { status: 403 })

  const read = await readSpeakerSubmission(request)
  if ('refusal' in read) return read.refusal
  const { submission } = read
  const value = submission.value
  // Save as Draft → false, Publish → true; without a button (Enter in a field) the checkbox decides.
  const isPublished = value.status === 'publish' ? true : value.status === 'draft' ? false : Boolean(value.publish)
  const id = new URL(request.url).searchParams.get('id')
  try {
    if (id) {
      const row = await updateSpeaker(id, toSpeakerInput(value), { isPublished })
      if (!row) return data({ result: submission.reply({ formErrors: ['Speaker not found'] }) }, { status: 404 })
    } else {
      // spec 001 §3: admin-created profiles have no owner.
      await createSpeaker(toSpeakerInput(value), { userId: null, isPublished })
    }
  } catch (error) {
    if (!(error instanceof Error && 'code' in error)) console.error(error)
    return data(
      {
        result: submission.reply({
          formErrors: saveErrorMessages(error, { prefix: 'Error saving speaker: ', teamEmail: getConfig().teamEmail }),
        }),
      },
      { status: 400 },
    )
  }
  return redirectWithToast('/speakers/admin', {
    type: 'success',
    description: `${value.name} was ${isPublished ? 'published' : 'saved as a draft'}.`,
  })
}

export default function AdminSpeakerEditor() {
  const { editId, defaults } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const result = actionData?.result
  const formErrors = result && 'error' in result ? result.error?.[''] : undefined
  const formId = editId ? `admin-speaker-${editId}` : 'admin-speaker-new'
  return (
    <>
      <AdminNav />
      <div className="mx-auto w-full max-w-4xl px-4 py-10">
        <SpeakerForm
          key={formId}
          id={formId}
          mode="admin"
          lastResult={result}
          defaultValue={defaults}
          isEdit={Boolean(editId)}
          formError={formErrors?.length ? formErrors.map((m) => <p key={m}>{m}</p>) : null}
          header={
            <header className="flex flex-wrap items-center justify-between gap-4">
              <div>
                <Link to="/speakers/admin" className="text-sm text-brand-200 hover:underline">
                  ← Back to Speakers
                </Link>
                <h1 className="mt-2 text-3xl font-bold text-white">{editId ? 'Edit Speaker' : 'Create New Speaker'}</h1>
              </div>
              <div className="flex gap-2">
                <button type="submit" name="status" value="draft" className={buttonClass.secondary} disabled={saving}>
                  Save as Draft
                </button>
                <button type="submit" name="status" value="publish" className={buttonClass.primary} disabled={saving}>
                  Publish
                </button>
              </div>
            </header>
          }
        />
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: loaderData, matches }) =>
  noindexMeta(matches, loaderData?.editId ? 'Edit Speaker' : 'Create New Speaker', 'Admin speaker editor.')

export function ErrorBoundary() {
  const back = (
    <Link to="/speakers/admin" className={buttonClass.primary}>
      Back to Speakers
    </Link>
  )
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorMessage title="Error" body="Speaker not found" action={back} />,
        500: ({ error }) => (
          <ErrorMessage
            title="Error"
            body={typeof error.data === 'string' ? error.data : 'Failed to load speaker. Please try again.'}
            action={back}
          />
        ),
      }}
      unexpected={() => <ErrorMessage title="Error" body="Failed to load speaker. Please try again." action={back} />}
    />
  )
}
