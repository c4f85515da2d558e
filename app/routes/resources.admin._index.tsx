import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { AdminRowActions, AdminTable } from '~/components/admin/admin-table'
import { ConfirmDeleteModal } from '~/components/content/confirm-submit'
import { Pagination, withParams } from '~/components/pagination'
import { noindexMeta } from '~/components/meta'
import { ErrorMessage, GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { ADMIN_POSTS_PAGE_SIZE, POST_TYPES } from '~/lib/constants'
import { formatUsLongDate } from '~/lib/text'
import { deletePost, getPostById, listAdminPosts, listAllTags } from '~/models/posts.server'
import { recordEvent } from '~/services/analytics.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/request-body.server'

const FiltersSchema = z.object({
  q: z.string().trim().max(200).catch(''),
  tag: z.string().trim().max(100).catch(''),
  status: z.enum(['published', 'draft']).optional().catch(undefined),
  type: z.enum(POST_TYPES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})

const DeleteSchema = z.object({
  intent: z.literal('delete'),
  id: z.string().min(1),
  confirmed: z.string().optional(),
  returnTo: z.string().optional(),
})

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filters = FiltersSchema.parse({
    q: url.searchParams.get('q') ?? '',
    tag: url.searchParams.get('tag') ?? '',
    status: url.searchParams.get('status') || undefined,
    type: url.searchParams.get('type') || undefined,
    page: url.searchParams.get('page') ?? 1,
  })
  const [list, tags] = await Promise.all([listAdminPosts({ ...filters, pageSize: ADMIN_POSTS_PAGE_SIZE }), listAllTags()])
  const confirmId = url.searchParams.get('modal') === 'delete' ? url.searchParams.get('id') : null
  const confirmPost = confirmId ? await getPostById(confirmId) : null
  return {
    filters,
    tags,
    posts: list.posts,
    total: list.total,
    totalPages: Math.max(1, Math.ceil(list.total / ADMIN_POSTS_PAGE_SIZE)),
    confirm: confirmPost ? { id: confirmPost.id, title: confirmPost.title } : null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request)
  const parsed = DeleteSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Invalid request' }, { status: 400 })
  const { id, confirmed } = parsed.data
  const returnTo = listUrl(parsed.data.returnTo)
  if (confirmed !== '1') {
    const params = new URLSearchParams(returnTo.split('?')[1] ?? '')
    params.set('modal', 'delete')
    params.set('id', id)
    return redirectWithToast(`/resources/admin?${params}`, { type: 'info', description: 'Please confirm the deletion.' })
  }
  try {
    const deleted = await deletePost(id)
    if (!deleted) return redirectWithToast(returnTo, { type: 'error', description: 'Post not found' })
    await recordEvent('post_deleted', { request, props: { postId: deleted.id } })
    return redirectWithToast(returnTo, { type: 'success', description: `Deleted "${deleted.title}".` })
  } catch (error) {
    console.error('Failed to delete post', error)
    return redirectWithToast(returnTo, { type: 'error', description: 'Failed to delete post' })
  }
}

// Only a path of this list may be the place to come back to.
function listUrl(value: string | undefined) {
  if (!value || !value.startsWith('/resources/admin') || value.startsWith('//')) return '/resources/admin'
  const url = new URL(value, 'http://x')
  url.searchParams.delete('modal')
  url.searchParams.delete('id')
  return `/resources/admin${url.search}`
}

export default function ManageResources() {
  const { filters, tags, posts, totalPages, confirm } = useLoaderData<typeof loader>()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const selectCls = 'rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100'
  return (
    <>
      <AdminNav />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold text-white">Manage Resources</h1>
          <div className="flex flex-wrap gap-2">
            <Link to="/speakers/admin" className={buttonClass.secondary}>
              Speaker Profiles
            </Link>
            <Link to="/resources/admin/featured" className={buttonClass.secondary}>
              Featured Sections
            </Link>
            <Link to="/resources/admin/editor" className={buttonClass.primary}>
              + New Post
            </Link>
          </div>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter posts">
          <div className="flex min-w-56 flex-1 flex-col gap-1">
            <label htmlFor="filter-q" className="text-sm text-slate-300">
              Search by title
            </label>
            <input id="filter-q" type="search" name="q" defaultValue={filters.q} key={filters.q} className={selectCls} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-tag" className="text-sm text-slate-300">
              Tag
            </label>
            <select id="filter-tag" name="tag" defaultValue={filters.tag} key={filters.tag} className={selectCls}>
              <option value="">All tags</option>
              {tags.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-status" className="text-sm text-slate-300">
              Status
            </label>
            <select
              id="filter-status"
              name="status"
              defaultValue={filters.status ?? ''}
              key={filters.status}
              className={selectCls}
            >
              <option value="">All statuses</option>
              <option value="published">Published</option>
              <option value="draft">Draft</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-type" className="text-sm text-slate-300">
              Type
            </label>
            <select id="filter-type" name="type" defaultValue={filters.type ?? ''} key={filters.type} className={selectCls}>
              <option value="">All types</option>
              <option value="resource">Resources</option>
              <option value="news">News</option>
            </select>
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Apply filters
          </button>
        </Form>
        {posts.length === 0 ? (
          <p className="rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center text-slate-300">
            No posts match your filters.
          </p>
        ) : (
          <AdminTable caption="Posts" columns={['Title', 'Status', 'Created', 'Actions']}>
            {posts.map((post) => (
              <tr key={post.id}>
                <td className="px-4 py-3">
                  <div className="font-semibold text-white">{post.title}</div>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
                    <span>/{post.slug}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 font-medium ${post.type === 'news' ? 'bg-amber-500/20 text-amber-200' : 'bg-brand-600/30 text-brand-100'}`}
                    >
                      {post.type === 'news' ? 'News' : 'Resource'}
                    </span>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${post.isPublished ? 'bg-emerald-500/20 text-emerald-200' : 'bg-slate-500/30 text-slate-200'}`}
                  >
                    {post.isPublished ? 'Published' : 'Draft'}
                  </span>
                </td>
                <td className="px-4 py-3 text-slate-300">{formatUsLongDate(post.createdAt)}</td>
                <AdminRowActions
                  name={post.title}
                  editTo={`/resources/admin/editor?id=${post.id}`}
                  deleteMessage={`Are you sure you want to delete "${post.title}"?`}
                  deleteFields={{ intent: 'delete', id: post.id, returnTo: here }}
                />
              </tr>
            ))}
          </AdminTable>
        )}
        <Pagination
          page={filters.page}
          totalPages={totalPages}
          hrefFor={(p) => withParams(location.search, { page: String(p), modal: null, id: null })}
          label="Posts pages"
        />
      </div>
      {confirm ? (
        <ConfirmDeleteModal
          title="Delete post"
          fields={{ intent: 'delete', id: confirm.id, returnTo: here }}
          cancelTo={withParams(location.search, { modal: null, id: null, page: String(filters.page) })}
        >
          <p className="text-slate-200">Are you sure you want to delete &quot;{confirm.title}&quot;?</p>
        </ConfirmDeleteModal>
      ) : null}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  noindexMeta(matches, 'Manage Resources', 'Create, edit, publish and delete resource articles and news posts.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpected={() => <ErrorMessage title="Error" body="Failed to load posts" />} />
}
