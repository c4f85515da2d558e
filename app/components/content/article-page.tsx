import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { ErrorList, FormMessage, Spinner, buttonClass } from '~/components/forms'
import { useNonce } from '~/components/nonce'
import { controlProps, serverResult } from '~/components/server-result'
import { RenderedMarkdown } from '~/components/rendered-markdown'
import { COMMENT_MAX_LENGTH } from '~/lib/constants'
import { formatUsLongDate } from '~/lib/text'
import { ShareLinks } from './share-links'

export type ArticleData = {
  post: {
    id: string
    title: string
    slug: string
    contentHtml: string
    tags: string[]
    heroImageUrl: string
    metaDescription: string
    createdAt: Date | string
    updatedAt: Date | string
  }
  comments: Array<{ id: string; content: string; createdAt: Date | string; author: string }>
  user: { isAdmin: boolean } | null
  url: string
  brand: string
}

export function ArticlePage({ data, backTo, backLabel }: { data: ArticleData; backTo: string; backLabel: string }) {
  const { post } = data
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12">
      <ArticleJsonLd data={data} />
      <Link to={backTo} className="w-fit text-sm text-brand-300 hover:text-brand-100">
        <span aria-hidden="true">← </span>
        {backLabel}
      </Link>
      <header className="flex flex-col gap-4">
        <h1 className="text-4xl font-bold leading-tight text-white">{post.title}</h1>
        <p className="text-sm text-slate-400">
          <time dateTime={new Date(post.createdAt).toISOString()}>{formatUsLongDate(post.createdAt)}</time>
        </p>
        {post.tags.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-600/25 px-3 py-1 text-sm text-brand-100">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <ShareLinks url={data.url} title={post.title} label="Share this article" />
      </header>
      {post.heroImageUrl ? (
        <img
          src={post.heroImageUrl}
          alt=""
          width={1200}
          height={630}
          // The box is sized before the image arrives, so the text below it never moves.
          className="aspect-[1200/630] w-full rounded-xl object-cover"
        />
      ) : null}
      <RenderedMarkdown html={post.contentHtml} />
      <footer className="flex flex-col gap-6 border-t border-white/10 pt-6">
        <ShareLinks url={data.url} title={post.title} label="Share this article (bottom)" />
        <Link to={backTo} className="w-fit text-sm text-brand-300 hover:text-brand-100">
          <span aria-hidden="true">← </span>
          {backLabel}
        </Link>
      </footer>
      <Comments data={data} />
    </article>
  )
}

function Comments({ data }: { data: ArticleData }) {
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const navigation = useNavigation()
  const location = useLocation()
  const posting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'comment'
  const formId = `comment-form-${data.comments.length}`
  // The server validates (CommentSchema in article.server.ts); the article page ships no form library.
  const reply = serverResult(navigation.state === 'idle' ? actionData?.result : undefined)
  const content = controlProps(formId, 'content', reply)
  const loginHref = `/login?return_to=${encodeURIComponent(`${location.pathname}#comments`)}`
  return (
    <section id="comments" aria-labelledby="comments-heading" className="flex flex-col gap-6 border-t border-white/10 pt-8">
      <h2 id="comments-heading" className="text-2xl font-bold text-white">
        Comments ({data.comments.length})
      </h2>
      {data.user ? (
        // Keyed by the comment count: after a successful post the form remounts empty.
        <Form method="post" id={formId} noValidate key={formId} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="comment" />
          <label htmlFor={content.id} className="text-sm font-medium text-slate-200">
            Your comment
          </label>
          <textarea
            {...content}
            required
            maxLength={COMMENT_MAX_LENGTH}
            rows={4}
            className="w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40"
          />
          <ErrorList id={`${content.id}-error`} errors={reply.errors('content')} />
          {reply.formErrors?.length ? <FormMessage>{reply.formErrors.join(' ')}</FormMessage> : null}
          <button type="submit" disabled={posting} className={`${buttonClass.primary} w-fit`}>
            {posting ? <Spinner label="Posting..." /> : 'Post Comment'}
          </button>
        </Form>
      ) : (
        <p className="rounded-md border border-white/10 bg-ink-900/60 p-4 text-slate-200">
          Please sign in to comment.{' '}
          <Link to={loginHref} className="font-semibold text-brand-300 underline hover:text-brand-100">
            Sign in
          </Link>
        </p>
      )}
      {data.comments.length ? (
        <ol className="flex flex-col gap-4">
          {data.comments.map((c) => (
            <li key={c.id} className="rounded-lg border border-white/10 bg-ink-900/60 p-4">
              <div className="flex items-center justify-between gap-4 text-sm">
                <span className="font-semibold text-white">{c.author}</span>
                <time className="text-slate-400" dateTime={new Date(c.createdAt).toISOString()}>
                  {formatUsLongDate(c.createdAt)}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-line text-slate-200">{c.content}</p>
              {data.user?.isAdmin ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="delete-comment" />
                  <input type="hidden" name="commentId" value={c.id} />
                  <button type="submit" className="text-sm text-red-300 underline hover:text-red-200">
                    Delete comment<span className="sr-only"> by {c.author}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}

/** Structured data for search engines; JSON escaped so "</script>" in a title cannot end the tag. */
function ArticleJsonLd({ data }: { data: ArticleData }) {
  const nonce = useNonce()
  const json = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: data.post.title,
    description: data.post.metaDescription || undefined,
    image: data.post.heroImageUrl || undefined,
    datePublished: new Date(data.post.createdAt).toISOString(),
    dateModified: new Date(data.post.updatedAt).toISOString(),
    keywords: data.post.tags.join(', ') || undefined,
    mainEntityOfPage: data.url,
    publisher: { '@type': 'Organization', name: data.brand },
  }).replace(/</g, '\\u003c')
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
}
