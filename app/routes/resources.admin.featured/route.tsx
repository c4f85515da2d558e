import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { requireAdmin } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { AdminRowActions, AdminTable } from '~/components/admin/admin-table'
import { ConfirmDeleteModal } from '~/components/content/confirm-submit'
import { noindexMeta } from '~/components/meta'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { Modal } from '~/components/modal'
import { listAllSections } from '~/models/featured-sections.server'
import { featuredAction } from './featured.server'
import { SectionForm } from './section-form'
import { SectionIcon } from './section-icon'

const LIST = '/resources/admin/featured'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const sections = await listAllSections()
  return {
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      page: s.page,
      buttonLabel: s.buttonLabel,
      buttonLink: s.buttonLink,
      icon: s.icon,
      sortOrder: s.sortOrder,
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request)
  return featuredAction(request)
}

export default function FeaturedSections() {
  const { sections } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> | null }>()
  const [params] = useSearchParams()
  const modal = params.get('modal')
  const id = params.get('id')
  const editing = modal === 'edit' ? (sections.find((s) => s.id === id) ?? null) : null
  const deleting = modal === 'delete' ? (sections.find((s) => s.id === id) ?? null) : null
  return (
    <>
      <AdminNav />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold text-white">Featured Sections</h1>
          <div className="flex gap-2">
            <Link to="/resources/admin" className={buttonClass.secondary}>
              Posts Section
            </Link>
            <Link to={`${LIST}?modal=add`} className={buttonClass.primary}>
              + Add Section
            </Link>
          </div>
        </div>
        {sections.length === 0 ? (
          <p className="rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center text-slate-300">
            No featured sections yet.
          </p>
        ) : (
          <AdminTable caption="Featured sections" columns={['Order', 'Title', 'Description', 'Actions']}>
            {sections.map((s) => (
              <tr key={s.id}>
                <td className="px-4 py-3 text-slate-200">{s.sortOrder}</td>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <SectionIcon src={s.icon} title={s.title} />
                    <div>
                      <div className="font-semibold text-white">{s.title}</div>
                      <div className="text-xs text-slate-400">{s.page === 'news' ? 'News' : 'Resources'}</div>
                    </div>
                  </div>
                </td>
                <td className="max-w-md px-4 py-3 whitespace-pre-line text-slate-300">{s.description}</td>
                <AdminRowActions
                  name={s.title}
                  editTo={`${LIST}?modal=edit&id=${s.id}`}
                  deleteMessage="Are you sure you want to delete this section?"
                  deleteFields={{ intent: 'delete', id: s.id }}
                />
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      {modal === 'add' ? (
        <Modal title="Add Section" closeTo={LIST} size="lg">
          <SectionForm section={null} lastResult={actionData?.result} closeHref={LIST} />
        </Modal>
      ) : null}
      {editing ? (
        <Modal title="Edit Section" closeTo={LIST} size="lg">
          <SectionForm section={editing} lastResult={actionData?.result} closeHref={LIST} />
        </Modal>
      ) : null}
      {deleting ? (
        <ConfirmDeleteModal title="Delete section" fields={{ intent: 'delete', id: deleting.id }} cancelTo={LIST} closeTo={LIST}>
          <p className="text-slate-200">Are you sure you want to delete this section?</p>
          <p className="mt-1 text-sm text-slate-400">{deleting.title}</p>
        </ConfirmDeleteModal>
      ) : null}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  noindexMeta(matches, 'Featured Sections', 'Manage the highlight cards on the resources and news listings.')

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      unexpected={() => <ErrorMessage title="Error" body="Failed to load featured sections. Please try again." />}
    />
  )
}
