import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { getSessionUser } from '~/auth/session.server'
import { getConfig } from '~/config.server'
import { ARTICLE_PAGES } from '~/lib/article-pages'
import { COMMENT_MAX_LENGTH, type PostType } from '~/lib/constants'
import { publicName } from '~/lib/public-name'
import { createComment, deleteComment, listComments } from '~/models/comments.server'
import { getPublishedPost } from '~/models/posts.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import { renderMarkdownHtml } from '~/services/markdown.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const COMMENTS_PER_MINUTE = 5

export const CommentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('comment'),
    content: z
      .string({ error: 'Please write a comment.' })
      .trim()
      .min(1, 'Please write a comment.')
      .max(COMMENT_MAX_LENGTH, `Comments can be at most ${COMMENT_MAX_LENGTH} characters.`),
  }),
  z.object({ intent: z.literal('delete-comment'), commentId: z.string().min(1) }),
])

/** Shown for a comment whose author has given no name anywhere. */
export const UNNAMED_COMMENT_AUTHOR = 'Member'

/**
 * A comment author as the page names them: the name given in Settings, else their directory
 * profile's — a name, never an email address or any part of one (publicName).
 */
export function commentAuthor(author: { displayName: string | null; profileName: string | null }) {
  return publicName(author.displayName, author.profileName) ?? UNNAMED_COMMENT_AUTHOR
}

/** Article page data: a published post of this type, its comments and who is looking. */
export async function loadArticle(request: Request, type: PostType, slug: string | undefined) {
  const post = slug ? await getPublishedPost(type, slug) : null
  if (!post) throw data(ARTICLE_PAGES[type].notFound, { status: 404 })
  const [user, comments] = await Promise.all([getSessionUser(request), listComments(post.id)])
  const config = getConfig()
  const base = ARTICLE_PAGES[type].basePath
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      type: post.type,
      // Rendered at save time; a row the start-up backfill has not reached yet is rendered now.
      contentHtml: post.contentHtml ?? renderMarkdownHtml(post.content),
      tags: post.tags,
      heroImageUrl: post.heroImageUrl,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    },
    comments: comments.map((c) => ({
      id: c.id,
      content: c.content,
      createdAt: c.createdAt,
      author: commentAuthor(c),
    })),
    user: user ? { isAdmin: user.role === 'admin' } : null,
    url: `${config.appUrl}${base}/${post.slug}`,
    brand: config.BRAND_NAME,
  }
}

/** Posting and deleting comments on an article (spec 000 §5, §7; decision 8). */
export async function articleAction(request: Request, type: PostType, slug: string | undefined) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: CommentSchema })
  const base = ARTICLE_PAGES[type].basePath
  const user = await getSessionUser(request)
  if (!user) {
    return data({ result: submission.reply({ formErrors: ['Please sign in to comment'] }) }, { status: 401 })
  }
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const post = slug ? await getPublishedPost(type, slug) : null
  if (!post) throw data(ARTICLE_PAGES[type].notFound, { status: 404 })
  const back = `${base}/${post.slug}#comments`

  if (submission.value.intent === 'delete-comment') {
    if (user.role !== 'admin')
      return data({ result: submission.reply({ formErrors: ['Only admins can delete comments.'] }) }, { status: 403 })
    const deleted = await deleteComment(post.id, submission.value.commentId)
    if (!deleted) return data({ result: submission.reply({ formErrors: ['Comment not found.'] }) }, { status: 404 })
    return redirectWithToast(back, { type: 'success', description: 'Comment deleted.' })
  }

  const limit = await hitRateLimit(`comment:${user.id}`, COMMENTS_PER_MINUTE, 60_000)
  if (!limit.allowed) {
    return data(
      {
        result: submission.reply({
          formErrors: ['Failed to post comment', 'You are commenting too fast. Please wait a minute.'],
        }),
      },
      { status: 429, headers: { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) } },
    )
  }
  try {
    await createComment({ postId: post.id, userId: user.id, content: submission.value.content })
  } catch (error) {
    console.error('Failed to post comment', error)
    return data({ result: submission.reply({ formErrors: ['Failed to post comment'] }) }, { status: 500 })
  }
  return redirectWithToast(back, { type: 'success', description: 'Comment posted.' })
}
