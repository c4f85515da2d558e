import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useRef, useState } from 'react'
import { requireAdmin } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { noindexMeta } from '~/components/meta'
import { useHydrated } from '~/components/content/use-hydrated'
import { CheckboxField, ErrorList, FormMessage, buttonClass } from '~/components/forms'
import { getConfig } from '~/config.server'
import { META_DESCRIPTION_ROWS, POST_TYPE_LABELS, POST_TYPES } from '~/lib/constants'
import { generateMetaTitle } from '~/lib/meta-title'
import { getPostById } from '~/models/posts.server'
import { ContentField, type Mode } from './content-field'
import { saveAction } from './editor.server'
import { HeroImageField } from './hero-image-field'
import { MetaTitleField } from './meta-title-field'
import { TITLE_AND_CONTENT_REQUIRED } from './schema'
import { usePostAutosave } from './use-post-autosave'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const id = new URL(request.url).searchParams.get('id')
  const brand = getConfig().BRAND_NAME
  if (!id) return { post: null, brand }
  const post = await getPostById(id)
  if (!post) throw data('Post not found', { status: 404 })
  return {
    post: {
      id: post.id,
      title: post.title,
      type: post.type,
      tags: post.tags,
      content: post.content,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      heroImageUrl: post.heroImageUrl,
      isPublished: post.isPublished,
    },
    brand,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request)
  return saveAction(request, user)
}

// Auto-saves answer the fetcher only; reloading the editor's data would be wasted work.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate

export default function PostEditorRoute() {
  const { post, brand } = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  // A new post gets its id from the first auto-save and the URL is replaced with ?id=; that
  // navigation keeps the same editor (state, cursor). Any other change of post remounts it.
  const editorKey = useRef(post?.id ?? 'new')
  if (!(location.state as { keepEditor?: boolean } | null)?.keepEditor) editorKey.current = post?.id ?? 'new'
  const loadingOther =
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search &&
    !(navigation.location.state as { keepEditor?: boolean } | null)?.keepEditor
  if (loadingOther) {
    return (
      <>
        <AdminNav />
        <p role="status" className="mx-auto max-w-5xl px-4 py-24 text-center text-slate-300">
          Loading post...
        </p>
      </>
    )
  }
  return <PostEditor key={editorKey.current} post={post} brand={brand} />
}

type LoadedPost = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['post']>

function PostEditor({ post, brand }: { post: LoadedPost | null; brand: string }) {
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)

  // A refused save without JavaScript (a field error, an image over 5 MB) renders the page again:
  // start from what was sent, so nothing typed is lost.
  const sent = actionData?.result?.initialValue as Record<string, unknown> | undefined
  const sentText = (name: string) => (typeof sent?.[name] === 'string' ? (sent[name] as string) : undefined)
  const [title, setTitle] = useState(sentText('title') ?? post?.title ?? '')
  const [type, setType] = useState<(typeof POST_TYPES)[number]>(
    (POST_TYPES as readonly string[]).includes(sentText('type') ?? '')
      ? (sentText('type') as (typeof POST_TYPES)[number])
      : (post?.type ?? 'resource'),
  )
  const [tags, setTags] = useState(sentText('tags') ?? post?.tags.join(', ') ?? '')
  const [content, setContent] = useState(sentText('content') ?? post?.content ?? '')
  const [metaDescription, setMetaDescription] = useState(sentText('metaDescription') ?? post?.metaDescription ?? '')
  const [heroUrl, setHeroUrl] = useState(sentText('heroImageUrl') ?? post?.heroImageUrl ?? '')
  const [published, setPublished] = useState(post?.isPublished ?? false)
  // Automatic until edited by hand; an existing post stays automatic if its title was generated.
  const [metaAuto, setMetaAuto] = useState(!post || !post.metaTitle || post.metaTitle === generateMetaTitle(post.title, brand))
  const [metaTitleManual, setMetaTitleManual] = useState(post?.metaTitle ?? '')
  const [mode, setMode] = useState<Mode>('wysiwyg')
  const { postId, status, creating, holdForSave } = usePostAutosave({
    formRef,
    savedId: post?.id,
    savedContent: post?.content,
    content,
    hydrated,
  })

  const metaTitle = metaAuto ? generateMetaTitle(title, brand) : metaTitleManual
  const [form, fields] = useServerForm({
    id: 'post-editor',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onSubmit',
  })
  const manualSaving = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'autosave'

  const inputCls =
    'w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 aria-[invalid=true]:border-red-400'
  const titleErrors = fields.title?.errors

  return (
    <>
      <AdminNav />
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        {...getFormProps(form)}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
          if (submitter?.name === 'intent' && (!title.trim() || !content.trim())) {
            event.preventDefault()
            window.alert(TITLE_AND_CONTENT_REQUIRED)
            return
          }
          holdForSave()
        }}
        className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10"
      >
        <input type="hidden" name="id" value={postId} />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Link to="/resources/admin" className="text-sm text-brand-300 hover:text-brand-100">
              <span aria-hidden="true">← </span>Back to Posts
            </Link>
            <h1 className="text-3xl font-bold text-white">{postId ? 'Edit Post' : 'Create New Post'}</h1>
          </div>
          <div className="flex items-center gap-3">
            <span role="status" className="text-sm text-slate-300">
              {status === 'saving' ? 'Auto-saving...' : status === 'saved' ? '✓ Saved' : ''}
            </span>
            <button
              type="submit"
              name="intent"
              value="draft"
              disabled={manualSaving || creating}
              className={buttonClass.secondary}
            >
              Save as Draft
            </button>
            <button
              type="submit"
              name="intent"
              value="publish"
              disabled={manualSaving || creating}
              className={buttonClass.primary}
            >
              {manualSaving ? 'Saving...' : 'Publish'}
            </button>
          </div>
        </div>
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}

        <CheckboxField
          label="Published"
          inputProps={{
            name: 'published',
            checked: hydrated ? published : undefined,
            defaultChecked: hydrated ? undefined : published,
            onChange: (e) => setPublished(e.target.checked),
          }}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="post-title" className="text-sm font-medium text-slate-200">
            Title
          </label>
          <input
            id="post-title"
            name="title"
            type="text"
            value={hydrated ? title : undefined}
            defaultValue={hydrated ? undefined : title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={titleErrors?.length ? true : undefined}
            aria-describedby={titleErrors?.length ? 'post-title-error' : undefined}
            className={inputCls}
          />
          <ErrorList id="post-title-error" errors={titleErrors} />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="post-type" className="text-sm font-medium text-slate-200">
              Post Type
            </label>
            <select
              id="post-type"
              name="type"
              value={hydrated ? type : undefined}
              defaultValue={hydrated ? undefined : type}
              onChange={(e) => setType(e.target.value as typeof type)}
              className={inputCls}
            >
              {POST_TYPES.map((t) => (
                <option key={t} value={t}>
                  {POST_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="post-tags" className="text-sm font-medium text-slate-200">
              Tags
            </label>
            <input
              id="post-tags"
              name="tags"
              type="text"
              value={hydrated ? tags : undefined}
              defaultValue={hydrated ? undefined : tags}
              onChange={(e) => setTags(e.target.value)}
              aria-describedby="post-tags-hint"
              className={inputCls}
            />
            <p id="post-tags-hint" className="text-xs text-slate-400">
              Example: marketing, lead-generation, speaking
            </p>
          </div>
        </div>
        <HeroImageField url={heroUrl} onUrl={setHeroUrl} hydrated={hydrated} errors={fields.heroImage?.errors} />
        <div className="flex flex-col gap-1">
          <label htmlFor="post-meta-description" className="text-sm font-medium text-slate-200">
            Meta Description (SEO)
          </label>
          <textarea
            id="post-meta-description"
            name="metaDescription"
            rows={META_DESCRIPTION_ROWS}
            value={hydrated ? metaDescription : undefined}
            defaultValue={hydrated ? undefined : metaDescription}
            onChange={(e) => setMetaDescription(e.target.value)}
            className={inputCls}
          />
        </div>
        <MetaTitleField
          value={metaTitle}
          brand={brand}
          auto={metaAuto}
          interactive={hydrated}
          errors={fields.metaTitle?.errors}
          onChange={(v) => {
            setMetaAuto(false)
            setMetaTitleManual(v)
          }}
          onRegenerate={() => setMetaAuto(true)}
        />
        <ContentField
          mode={hydrated ? mode : 'markdown'}
          setMode={setMode}
          hydrated={hydrated}
          content={content}
          setContent={setContent}
          errors={fields.content?.errors}
        />
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) =>
  noindexMeta(matches, loaderData?.post ? 'Edit Post' : 'Create New Post', 'Write and publish a resource article or news post.')

export function ErrorBoundary() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : 'Post not found'
    : 'Failed to load post. Please try again.'
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-white">Error</h1>
      <p className="mt-4 text-slate-300">{message}</p>
      <Link to="/resources/admin" className={`${buttonClass.primary} mt-8`}>
        Back to Posts
      </Link>
    </div>
  )
}
