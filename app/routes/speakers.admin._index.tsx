import { noindexMeta } from '~/components/meta'
import { Pagination } from '~/components/pagination'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSubmit } from '@remix-run/react'
import { requireAdmin } from '~/auth/guards.server'
import { getSessionUser } from '~/auth/session.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { AdminTable } from '~/components/admin/admin-table'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { SPEAKER_FALLBACK_IMAGE } from '~/components/speakers/speaker-card'
import { plansWith } from '~/lib/plans'
import { formatUsLongDate } from '~/lib/text'
import { deleteSpeaker, getSpeakerById, listSpeakersForAdmin } from '~/models/speakers.server'
import type { loader as rootLoader } from '~/root'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/request-body.server'
import { parsePage } from '~/lib/page-param'

export const ACCESS_DENIED = 'Access denied. Admin privileges required.'
const confirmText = (name: string) => `Are you sure you want to delete "${name}"?`
// A published profile the directory does not list (docs/billing.md → The directory).
export const ADMIN_NOT_LISTED = `Not in the directory: the owner is not on a ${plansWith('directoryListing', 'or')} plan`

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const statusParam = url.searchParams.get('status')
  const status = statusParam === 'published' || statusParam === 'draft' ? statusParam : null
  const page = parsePage(url.searchParams.get('page'))
  const result = await listSpeakersForAdmin({ q, status, page })
  const deleteId = url.searchParams.get('delete')
  const toDelete = deleteId ? await getSpeakerById(deleteId) : null
  return {
    q,
    status,
    page,
    total: result.total,
    pageCount: Math.max(1, Math.ceil(result.total / result.pageSize)),
    speakers: result.items.map((s) => ({ ...s, created: formatUsLongDate(s.createdAt), createdAt: undefined })),
    confirmDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  // spec 001 §6: deleting re-checks admin on the server, whatever the page showed.
  const user = await getSessionUser(request)
  if (!user || user.role !== 'admin') return data({ error: ACCESS_DENIED }, { status: 403 })
  const formData = await readForm(request)
  const id = String(formData.get('id') ?? '')
  if (formData.get('intent') !== 'delete' || !id) return data({ error: 'Unknown action.' }, { status: 400 })
  const back = new URL(request.url)
  back.searchParams.delete('delete')
  const listUrl = `/speakers/admin${back.search}`
  try {
    const speaker = await getSpeakerById(id)
    const deleted = await deleteSpeaker(id)
    if (!deleted) return data({ error: 'Failed to delete speaker: Speaker not found' }, { status: 404 })
    return redirectWithToast(listUrl, { type: 'success', description: `Deleted "${speaker?.name ?? 'speaker'}".` })
  } catch (error) {
    console.error(error)
    return data(
      { error: `Failed to delete speaker: ${error instanceof Error ? error.message : 'Unknown error'}` },
      { status: 500 },
    )
  }
}

export default function ManageSpeakers() {
  const { q, status, page, pageCount, speakers, confirmDelete, total } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submit = useSubmit()
  const pageHref = (n: number) => {
    const p = new URLSearchParams()
    if (q) p.set('q', q)
    if (status) p.set('status', status)
    if (n > 1) p.set('page', String(n))
    const s = p.toString()
    return `/speakers/admin${s ? `?${s}` : ''}`
  }
  const deleteHref = (id: string) => {
    const p = new URLSearchParams(pageHref(page).split('?')[1] ?? '')
    p.set('delete', id)
    return `/speakers/admin?${p.toString()}`
  }

  return (
    <>
      <AdminNav />
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold text-white">Manage Speaker Profiles</h1>
          <div className="flex flex-wrap gap-2">
            <Link to="/resources/admin" className={buttonClass.secondary}>
              Posts Section
            </Link>
            <Link to="/resources/admin/featured" className={buttonClass.secondary}>
              Featured Sections
            </Link>
            <Link to="/speakers/admin/editor" className={buttonClass.primary}>
              + New Speaker
            </Link>
          </div>
        </header>

        {actionData?.error ? (
          <div className="mt-6">
            <FormMessage>{actionData.error}</FormMessage>
          </div>
        ) : null}

        {confirmDelete ? (
          <ConfirmDeletePanel
            message={confirmText(confirmDelete.name)}
            fields={{ intent: 'delete', id: confirmDelete.id }}
            cancelTo={pageHref(page)}
          />
        ) : null}

        <Form method="get" role="search" aria-label="Filter speakers" className="mt-6 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="admin-speaker-search" className="mb-1 block text-sm font-medium text-slate-200">
              Search name, company or job title
            </label>
            <input
              id="admin-speaker-search"
              type="search"
              name="q"
              defaultValue={q}
              className="rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100"
            />
          </div>
          <div>
            <label htmlFor="admin-speaker-status" className="mb-1 block text-sm font-medium text-slate-200">
              Status
            </label>
            <select
              id="admin-speaker-status"
              name="status"
              defaultValue={status ?? ''}
              className="rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100"
            >
              <option value="">All</option>
              <option value="published">Published</option>
              <option value="draft">Draft</option>
            </select>
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Filter
          </button>
        </Form>

        {speakers.length === 0 ? (
          <div className="mt-10 rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
            <p className="text-slate-200">No speakers match your filters.</p>
            <Link to="/speakers/admin/editor" className={`${buttonClass.primary} mt-4`}>
              Create a speaker profile
            </Link>
          </div>
        ) : (
          <AdminTable
            caption={`Speaker profiles, ${total} in all`}
            columns={['Speaker', 'Company', 'Status', 'Created', 'Actions']}
            className="mt-6"
            headClassName="bg-white/5 text-slate-200"
          >
            {speakers.map((s) => (
              <tr key={s.id}>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <img
                      src={s.profileImageUrl || SPEAKER_FALLBACK_IMAGE}
                      alt=""
                      width={40}
                      height={40}
                      className="h-10 w-10 rounded-full object-cover"
                    />
                    <div>
                      <p className="font-medium text-white">{s.name}</p>
                      <p className="text-slate-300">{s.jobTitle}</p>
                      <p className="text-xs text-slate-400">{s.slug}</p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 text-slate-200">{s.company}</td>
                <td className="px-4 py-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.isPublished ? 'bg-emerald-900 text-emerald-100' : 'bg-slate-700 text-slate-100'}`}
                  >
                    {s.isPublished ? 'Published' : 'Draft'}
                  </span>
                  {s.isPublished && !s.listed ? <p className="mt-1 text-xs text-amber-200">{ADMIN_NOT_LISTED}</p> : null}
                </td>
                <td className="px-4 py-3 text-slate-200">{s.created}</td>
                <td className="px-4 py-3">
                  <div className="flex gap-2">
                    <Link
                      to={`/speakers/admin/editor?id=${s.id}`}
                      className={buttonClass.secondary}
                      aria-label={`Edit ${s.name}`}
                    >
                      Edit
                    </Link>
                    <Link
                      to={deleteHref(s.id)}
                      preventScrollReset
                      className={buttonClass.danger}
                      aria-label={`Delete ${s.name}`}
                      onClick={(event) => {
                        // With JavaScript the browser's confirm replaces the confirmation step.
                        event.preventDefault()
                        if (window.confirm(confirmText(s.name))) submit({ intent: 'delete', id: s.id }, { method: 'post' })
                      }}
                    >
                      Delete
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}

        <Pagination page={page} totalPages={pageCount} hrefFor={pageHref} />
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) =>
  noindexMeta(matches, 'Manage Speaker Profiles', 'Create, edit, publish and delete speaker profiles.')

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      unexpected={(error) => (
        <ErrorMessage
          title="Manage Speaker Profiles"
          body={`Failed to load speakers: ${error instanceof Error ? error.message : 'Unknown error'}`}
          action={
            <Link to="/speakers/admin" className={buttonClass.primary}>
              Try again
            </Link>
          }
        />
      )}
    />
  )
}
