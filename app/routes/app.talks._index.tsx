import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { deleteTalk, listTalks } from '~/models/talks.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

export const TALK_HAS_SESSIONS = 'This talk has sessions. Delete its sessions first, or keep the talk.'
const DeleteSchema = z.object({ intent: z.literal('delete'), id: z.uuid() })

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const talks = await listTalks(scope.ownerId)
  const deleteId = new URL(request.url).searchParams.get('delete')
  const toDelete = talks.find((t) => t.id === deleteId) ?? null
  return { talks, confirmDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const parsed = DeleteSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const result = await deleteTalk(scope.ownerId, parsed.data.id)
  if (result === 'not-found') throw new Response('Talk not found', { status: 404 })
  if (result === 'has-sessions') return data({ error: TALK_HAS_SESSIONS }, { status: 409 })
  return redirectWithToast('/app/talks', { type: 'success', description: 'Talk deleted.' })
}

export default function Talks() {
  const { talks, confirmDelete } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Talks" intro="Your signature talks. Each session you give is one delivery of a talk.">
        <Link to="/app/talks/new" className={buttonClass.primary}>
          New talk
        </Link>
      </PageHeader>
      {actionData?.error ? (
        <div className="mt-6">
          <FormMessage>{actionData.error}</FormMessage>
        </div>
      ) : null}
      {confirmDelete ? (
        <ConfirmDeletePanel
          message={`Delete the talk “${confirmDelete.title}”?`}
          action="/app/talks"
          fields={{ intent: 'delete', id: confirmDelete.id }}
          cancelTo="/app/talks"
        />
      ) : null}
      {talks.length === 0 ? (
        <div className="mt-10 rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
          <h2 className="text-xl font-semibold text-white">No talks yet</h2>
          <p className="mt-2 text-slate-300">
            Start with the talk you give most often: a title is enough. You can then plan its sessions.
          </p>
          <Link to="/app/talks/new" className={`${buttonClass.primary} mt-6`}>
            Add your first talk
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {talks.map((t) => (
            <li key={t.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
              <h2 className="text-lg font-semibold text-white">{t.title}</h2>
              {t.tag ? <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-brand-300">{t.tag}</p> : null}
              {t.abstract ? <p className="mt-2 line-clamp-3 text-sm text-slate-300">{t.abstract}</p> : null}
              <p className="mt-2 text-sm text-slate-400">{t.sessions === 1 ? '1 session' : `${t.sessions} sessions`}</p>
              <div className="mt-4 flex flex-wrap gap-2 text-sm">
                <Link to={`/app/talks/${t.id}`} className={buttonClass.secondary} aria-label={`Edit ${t.title}`}>
                  Edit
                </Link>
                <Link
                  to={`/app/sessions/new?talk=${t.id}`}
                  className={buttonClass.secondary}
                  aria-label={`New session of ${t.title}`}
                >
                  New session
                </Link>
                {t.sessions > 0 ? (
                  <Link to={`/app/talks/${t.id}/roi`} className={buttonClass.secondary} aria-label={`ROI of ${t.title}`}>
                    ROI
                  </Link>
                ) : null}
                <Link to={`/app/talks?delete=${t.id}`} className={buttonClass.secondary} aria-label={`Delete ${t.title}`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Talks')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
